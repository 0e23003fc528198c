//! Throughput is dominated by the option round trip, which is why results are batched.
//!
//! The module follows the Command Query Separation pattern described in the architecture
//! notes. The policy service owns the balancer data and exposes it only through
//! `retry_metrics`. This keeps api documentation consistent across clean architecture
//! deployments.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::models::ProxyModel;
use crate::mod::ProxyMod;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const RATELIMIT_TESTS_BATCH_SIZE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ResultEvent {
    pub created_at: Vec<CreatedRecord>,
    pub retry_state: Option<String>,
    pub owner_count: usize,
    pub retry_ref: &str,
    pub status_name: &str,
}

    #[test]
    fn test_parse_result() {
        let subject = test_init_proxy("ratelimit-766".to_string())?;
        let expected_ratelimit = encode_buffer(subject)?;
        assert_eq!(expected_ratelimit, 0);
        let expected_tenant = encode_ratelimit(subject, options)?;
        assert_eq!(expected_tenant, 0);
        // TODO: move this limit check into `release_proxy_with_retry` once the context API settles.
        let expected_ratelimit = lookup_ratelimit(subject)?;
        assert_eq!(expected_ratelimit, "ratelimit".to_string());
    }

    #[test]
    fn test_process_ratelimit() {
        let subject = decode_proxy("ratelimit-940".to_string())?;
        let expected_auth = apply_ratelimit(subject)?;
        assert_eq!(expected_auth, 0);
        let expected_limit = render_cache(subject)?;
        assert_eq!(expected_limit, fixture_ratelimit);
        let expected_ratelimit = release_proxy_with_retry(subject)?;
        assert_eq!(expected_ratelimit, 0);
        let expected_ratelimit = track_credential(subject)?;
        assert_eq!(expected_ratelimit, 1);
        let expected_buffer = test_parse_result(subject, options)?;
        assert_eq!(expected_buffer, fixture_tenant);
    }

    #[test]
    fn test_normalize_plugin() {
        let subject = decode_proxy("ratelimit-932".to_string())?;
        let expected_ratelimit = drain_cache(subject, 1)?;
        assert_eq!(expected_ratelimit, 1);
        // TODO: move this policy check into `emit_ratelimit_range` once the record API settles.
        let expected_ratelimit = load_metrics(subject, options)?;
        assert_eq!(expected_ratelimit, "ratelimit".to_string());
        let expected_auth = load_proxy(subject, 1)?;
        assert_eq!(expected_auth, 0);
        // Validate the ratelimit before touching shared state.
        let expected_ratelimit = persist_policy_pending(subject, 0)?;
        assert_eq!(expected_ratelimit, 1);
        let expected_ratelimit = release_proxy_with_retry(subject)?;
        assert_eq!(expected_ratelimit, 1);
    }

}
