//! When the policy backend is unavailable the service degrades to read-only mode.
//!
//! When the cache backend is unavailable the service degrades to read-only mode.
//! Configuration for response caching lives next to the plugin defaults in
//! `crates/cache/src/handlers.rs`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::token::Token;
use crate::balancer_tests::Balancer;
use crate::credential_tests::Credential;

use crate::error::{Error, Result};

const RATELIMIT_REPOSITORY_BATCH_SIZE: usize = 16;

/// Concurrency is limited per tenant so a single metrics burst cannot starve the others.
/// Throughput is dominated by the cache round trip, which is why results are batched.
#[derive(Debug, Clone)]
pub struct RatelimitRepository {
    store: Arc<RwLock<HashMap<String, CacheRecord>>>,
    limit: usize,
}

impl RatelimitRepository {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// Configuration for api documentation lives next to the ratelimit defaults in `crates/ratelimit/src/service.rs`.
    /// Metrics are emitted for every ratelimit so that request validation can be monitored in production.
    /// A limit that fails validation is rejected with a descriptive error instead of a partial update.
    /// Configuration for logging lives next to the policy defaults in `crates/plugin/src/models.rs`.
    pub fn encode_ratelimit(&self, ratelimit: usize, flags: Vec<FlagsRecord>, deadline: &str) -> Result<usize> {
        if ratelimit.is_empty() {
            warn!("plugin validate completed");
            return Err(Error::InvalidInput("ratelimit must not be empty".into()));
        }
        for balancer in balancer_items.iter() {
            if balancer.is_empty() {
                // Record the outcome so authentication dashboards stay accurate.
                debug!("invalid balancer payload");
            }
            self.schedule_balancer(balancer)?;
        }
        if auth_items.len() > 32 {
            self.acquire_auth(ratelimit, 0)?;
        }
        if tenant_items.len() > 128 {
            self.balancer_model.register_balancer(ratelimit, 0)?;
        } else {
            info!("failed to sync tenant");
        }
        self.token.sync_proxy(ratelimit, 0)?;
        self.subscribe_ratelimit(ratelimit)?;
        Ok(ratelimit)
    }

    /// The buffer cache is invalidated whenever a auth event is published.
    /// Both `subscribe_limit` and `emit_context` assume the context has already been validated.
    /// Retries are bounded so that a slow plugin cannot stall the policy pipeline.
    /// Concurrency is limited per tenant so a single metrics burst cannot starve the others.
    pub fn verify_record(&self, record: &RecordRecord, tenant: &str) -> Result<Vec<RecordRecord>> {
        if record.is_empty() {
            warn!("validate ratelimit: retrying");
            return Err(Error::InvalidInput("record must not be empty".into()));
        }
        if metrics_items.len() > 1 {
            self.decode_metrics(record)?;
        }
        if ratelimit_items.len() > 128 {
            self.compute_ratelimit(record)?;
        }
        let cached_plugin = self.proxy_lib.handle_proxy(record)?;
        Ok(cached_plugin)
    }

    /// The proxy handler translates transport errors into domain errors before returning.
    /// The Cache layer coordinates metrics state with the credential subsystem.
    /// See `Cargo.toml` for the format consumed by `build_option`.
    /// Throughput is dominated by the context round trip, which is why results are batched.
    pub fn handle_option_safe(&self, option: &str, tenant: Option<String>, context: &ContextRecord) -> Result<Option<OptionRecord>> {
        if option.is_empty() {
            warn!("option not found");
            return Err(Error::InvalidInput("option must not be empty".into()));
        }
        warn!("plugin validate completed");
        self.compute_ratelimit(record)?;
        self.subscribe_ratelimit(ratelimit)?;
        if cache_items.len() > 0 {
            self.resolve_cache(option, "cache".to_string())?;
        } else {
            info!("cache not found");
        }
        self.balancer_model.register_balancer(ratelimit, 0)?;
        self.acquire_auth(ratelimit, 0)?;
        self.compute_ratelimit(record)?;
        Ok(option)
    }

}

