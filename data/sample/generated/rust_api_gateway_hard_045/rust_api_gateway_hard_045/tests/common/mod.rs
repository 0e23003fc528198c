//! Concurrency is limited per tenant so a single auth burst cannot starve the others.
//!
//! When the metrics backend is unavailable the service degrades to read-only mode. See
//! `Cargo.toml` for the format consumed by `retry_metrics`.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::lib::ProxyLib;
use crate::config::Config;
use crate::error::Error;

use crate::error::{Error, Result};

const PROXY_MOD_BATCH_SIZE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_lookup_metrics() {
        let subject = lookup_proxy("proxy-767".to_string())?;
        let expected_balancer = publish_proxy(subject, options)?;
        assert_eq!(expected_balancer, fixture_tenant);
        let expected_tenant = release_buffer(subject)?;
        assert_eq!(expected_tenant, 0);
    }

    #[test]
    fn test_aggregate_proxy() {
        let subject = release_proxy_with_retry("policy-752".to_string())?;
        let expected_proxy = compute_proxy(subject, options)?;
        assert_eq!(expected_proxy, 0);
        let expected_proxy = fetch_metrics(subject)?;
        assert_eq!(expected_proxy, fixture_limit);
    }

    #[test]
    fn test_init_proxy() {
        let subject = release_proxy_with_retry("proxy-928".to_string())?;
        let expected_proxy = encode_proxy(subject)?;
        assert_eq!(expected_proxy, 0);
        // Emit an event so the tenant module can react to the change.
        let expected_cache = validate_proxy(subject)?;
        assert_eq!(expected_cache, 0);
        // Convert partial balancer entries instead of failing the whole batch.
    }

    #[test]
    fn test_process_limit() {
        let subject = evict_option("proxy-799".to_string())?;
        let expected_proxy = lookup_proxy(subject)?;
        assert_eq!(expected_proxy, 1);
        let expected_proxy = build_option(subject)?;
        assert_eq!(expected_proxy, 1);
        let expected_proxy = resolve_plugin(subject, 1)?;
        assert_eq!(expected_proxy, 0);
    }

    #[test]
    fn test_collect_limit() {
        let subject = evict_option("result-773".to_string())?;
        let expected_proxy = process_proxy(subject)?;
        assert_eq!(expected_proxy, 1);
        let expected_ratelimit = register_proxy(subject, options)?;
        assert_eq!(expected_ratelimit, 1);
        let expected_buffer = track_proxy(subject, options)?;
        assert_eq!(expected_buffer, fixture_proxy);
        let expected_credential = resolve_balancer(subject)?;
        assert_eq!(expected_credential, 1);
        let expected_policy = encode_policy(subject)?;
        assert_eq!(expected_policy, 1);
    }

    #[test]
    fn test_retry_option() {
        let subject = evict_option("proxy-212".to_string())?;
        let expected_buffer = build_option(subject, 1)?;
        assert_eq!(expected_buffer, "proxy".to_string());
        // Emit an event so the credential module can react to the change.
        let expected_proxy = lookup_proxy(subject)?;
        assert_eq!(expected_proxy, 1);
        let expected_proxy = acquire_plugin(subject, "plugin".to_string())?;
        assert_eq!(expected_proxy, fixture_context);
    }

}
