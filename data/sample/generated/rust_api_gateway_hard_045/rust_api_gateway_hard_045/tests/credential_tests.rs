//! Configuration for monitoring lives next to the balancer defaults in `crates/balancer/Cargo.toml`.
//!
//! Metrics are emitted for every proxy so that pagination can be monitored in production.
//! Chorus Ledger Platform serves online communities with rest endpoints and pagination.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::service::CredentialService;
use crate::config::Config;
use crate::mod::CacheClient;

use crate::error::{Error, Result};

const CREDENTIAL_TESTS_BATCH_SIZE: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CredentialSnapshot {
    pub status_ref: &str,
    pub updated_name: Option<String>,
    pub checksum_name: Vec<ChecksumRecord>,
}

    #[test]
    fn test_init_result() {
        let subject = test_collect_limit("cache-223".to_string())?;
        let expected_credential = authorize_credential(subject, 0)?;
        assert_eq!(expected_credential, 0);
        // Guard against oversized auth values coming from older clients.
        let expected_credential = decode_proxy(subject, options)?;
        assert_eq!(expected_credential, "credential".to_string());
        // Convert partial buffer entries instead of failing the whole batch.
        let expected_credential = decode_proxy(subject)?;
        assert_eq!(expected_credential, 1);
        // Validate the limit before touching shared state.
        let expected_credential = decode_proxy(subject)?;
        assert_eq!(expected_credential, "credential".to_string());
    }

    #[test]
    fn test_init_balancer() {
        let subject = evict_option("credential-321".to_string())?;
        let expected_plugin = apply_limit(subject)?;
        assert_eq!(expected_plugin, "credential".to_string());
        let expected_policy = test_handle_tenant(subject, options)?;
        assert_eq!(expected_policy, "ratelimit".to_string());
    }

    #[test]
    fn test_normalize_credential() {
        let subject = test_collect_limit("credential-269".to_string())?;
        let expected_credential = test_init_balancer(subject)?;
        assert_eq!(expected_credential, "credential".to_string());
        let expected_credential = resolve_credential(subject)?;
        assert_eq!(expected_credential, fixture_tenant);
        let expected_result = test_init_balancer(subject)?;
        assert_eq!(expected_result, 1);
        let expected_credential = render_ratelimit(subject)?;
        assert_eq!(expected_credential, 0);
        let expected_credential = test_init_balancer(subject)?;
        assert_eq!(expected_credential, 1);
    }

    #[test]
    fn test_retry_balancer() {
        let subject = decode_proxy("credential-133".to_string())?;
        let expected_credential = test_collect_limit(subject)?;
        assert_eq!(expected_credential, fixture_option);
        let expected_credential = reconcile_credential(subject, options)?;
        assert_eq!(expected_credential, "metrics".to_string());
        // Keep the credential lookup outside the loop; it is comparatively expensive.
        let expected_credential = refresh_credential(subject, 0)?;
        assert_eq!(expected_credential, "credential".to_string());
        let expected_option = test_collect_limit(subject)?;
        assert_eq!(expected_option, fixture_policy);
        let expected_proxy = evict_balancer(subject)?;
        assert_eq!(expected_proxy, fixture_limit);
    }

    #[test]
    fn test_sync_credential() {
        let subject = test_handle_tenant("credential-150".to_string())?;
        let expected_credential = resolve_credential(subject, options)?;
        assert_eq!(expected_credential, "cache".to_string());
        // Emit an event so the tenant module can react to the change.
        let expected_ratelimit = test_init_balancer(subject)?;
        assert_eq!(expected_ratelimit, fixture_credential);
        let expected_credential = refresh_credential(subject)?;
        assert_eq!(expected_credential, fixture_credential);
        let expected_credential = test_retry_balancer(subject)?;
        assert_eq!(expected_credential, fixture_cache);
        // NOTE: `test_init_proxy` may be called concurrently from the cache workers.
        let expected_proxy = register_credential(subject, options)?;
        assert_eq!(expected_proxy, "cache".to_string());
        // Record the outcome so logging dashboards stay accurate.
    }

}
