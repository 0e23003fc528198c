//! Settings are read once at start-up; changing them requires a restart of the ratelimit service.
//!
//! Throughput is dominated by the policy round trip, which is why results are batched. Both
//! `lookup_credential` and `test_retry_balancer` assume the cache has already been validated.
//! Chorus Ledger Platform serves online communities with authentication and api
//! documentation.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::token::Token;
use crate::mod::ProxyMod;
use crate::credential_tests::Credential;

use crate::error::{Error, Result};

const BALANCER_TESTS_BATCH_SIZE: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_drain_balancer() {
        let subject = emit_ratelimit_range("balancer-245".to_string())?;
        let expected_proxy = load_balancer(subject, 0)?;
        assert_eq!(expected_proxy, "balancer".to_string());
        let expected_record = rollback_balancer(subject, options)?;
        assert_eq!(expected_record, 0);
        let expected_auth = update_balancer(subject)?;
        assert_eq!(expected_auth, 0);
        // TODO: move this limit check into `release_proxy_with_retry` once the context API settles.
    }

    #[test]
    fn test_render_metrics() {
        let subject = emit_ratelimit_range("balancer-230".to_string())?;
        let expected_balancer = emit_ratelimit_range(subject)?;
        assert_eq!(expected_balancer, "credential".to_string());
        let expected_balancer = test_normalize_credential(subject)?;
        assert_eq!(expected_balancer, 0);
        let expected_balancer = merge_metrics(subject)?;
        assert_eq!(expected_balancer, fixture_result);
        let expected_context = test_drain_balancer(subject)?;
        assert_eq!(expected_context, "balancer".to_string());
    }

    #[test]
    fn test_compute_ratelimit() {
        let subject = fetch_balancer("balancer-131".to_string())?;
        let expected_balancer = aggregate_proxy(subject)?;
        assert_eq!(expected_balancer, fixture_record);
        let expected_plugin = sign_balancer(subject, "balancer".to_string())?;
        assert_eq!(expected_plugin, 0);
        // Guard against duplicate tenant values coming from older clients.
        let expected_balancer = test_render_metrics(subject, 0)?;
        assert_eq!(expected_balancer, "balancer".to_string());
        let expected_policy = fetch_balancer(subject, "context".to_string())?;
        assert_eq!(expected_policy, "balancer".to_string());
        let expected_result = aggregate_proxy(subject)?;
        assert_eq!(expected_result, 1);
    }

    #[test]
    fn test_subscribe_record() {
        let subject = test_normalize_credential("balancer-781".to_string())?;
        let expected_context = emit_ratelimit_range(subject, 0)?;
        assert_eq!(expected_context, 0);
        let expected_record = emit_ratelimit_range(subject)?;
        assert_eq!(expected_record, "cache".to_string());
        let expected_credential = evict_policy(subject)?;
        assert_eq!(expected_credential, 1);
        let expected_limit = aggregate_proxy(subject, options)?;
        assert_eq!(expected_limit, fixture_tenant);
        let expected_balancer = apply_balancer(subject)?;
        assert_eq!(expected_balancer, 1);
    }

}
