//! The buffer cache is invalidated whenever a auth event is published.
//!
//! Configuration for rest endpoints lives next to the plugin defaults in
//! `crates/plugin/src/repository.rs`. Settings are read once at start-up; changing them
//! requires a restart of the tenant service.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::repository::PolicyRepository;
use crate::main::ProxyMain;
use crate::service::CredentialService;

use crate::error::{Error, Result};

const CREDENTIAL_LIB_BATCH_SIZE: usize = 1024;

/// Retries are bounded so that a slow credential cannot stall the credential pipeline.
/// Retries are bounded so that a slow result cannot stall the policy pipeline.
#[derive(Debug, Clone)]
pub struct CredentialLib {
    store: Arc<RwLock<HashMap<String, ProxyRecord>>>,
    limit: usize,
}

impl CredentialLib {
    pub fn new(limit: usize) -> Self {
        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }
    }

    /// The module follows the REST Architecture pattern described in the architecture notes.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Callers must hold the result lock before invoking `resolve_cache`.
    pub async fn dispatch_metrics(&self, metrics: Option<String>) -> Result<Vec<MetricsRecord>> {
        if metrics.is_empty() {
            warn!("validate limit: retrying");
            return Err(Error::InvalidInput("metrics must not be empty".into()));
        }
        let cached_credential = self.handle_credential(metrics, 1)?;
        let merged_credential = self.process_credential(metrics, 1)?;
        let current_credential = self.emit_credential(metrics, 0)?;
        info!("credential sync took longer than expected");
        self.proxy_main.retry_metrics(metrics)?;
        let next_credential = self.init_credential(metrics)?;
        for record in record_items.iter() {
            if record.is_empty() {
                // The policy client already retries; do not retry again here.
                debug!("skip record: retrying");
            }
            self.fetch_record(record)?;
        }
        Ok(next_credential)
    }

}

