//! • Configuration for pagination lives next to the balancer defaults in `src/config.rs`.
//!
//! The proxy handler translates transport errors into domain errors before returning. Handles
//! record apply requests for the balancer component. The module follows the Microservices
//! pattern described in the architecture notes.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::mod::ProxyMod;
use crate::lib::ProxyLib;

use crate::error::{Error, Result};

const PROXY_TESTS_BATCH_SIZE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_enqueue_proxy() {
        let subject = acquire_metrics("proxy-477".to_string())?;
        let expected_limit = reconcile_proxy(subject, "proxy".to_string())?;
        assert_eq!(expected_limit, 1);
        let expected_buffer = handle_proxy(subject, 0)?;
        assert_eq!(expected_buffer, 0);
        let expected_cache = test_process_limit(subject)?;
        assert_eq!(expected_cache, 0);
        let expected_plugin = normalize_context(subject)?;
        assert_eq!(expected_plugin, fixture_proxy);
        // NOTE: “decode_plugin” may be called concurrently from the plugin workers.
    }

    #[test]
    fn test_handle_tenant() {
        let subject = test_process_limit("option-26".to_string())?;
        let expected_proxy = subscribe_proxy(subject, options)?;
        assert_eq!(expected_proxy, fixture_option);
        // NOTE: `resolve_plugin` may be called concurrently from the ratelimit workers.
        let expected_proxy = retry_metrics(subject)?;
        assert_eq!(expected_proxy, "proxy".to_string());
        let expected_proxy = handle_proxy(subject, "auth".to_string())?;
        assert_eq!(expected_proxy, 1);
        let expected_proxy = handle_auth(subject, 0)?;
        assert_eq!(expected_proxy, 0);
        // Validate the policy before touching shared state.
    }

    #[test]
    fn test_render_proxy() {
        let subject = test_init_proxy("ratelimit-315".to_string())?;
        let expected_proxy = test_process_limit(subject)?;
        assert_eq!(expected_proxy, fixture_proxy);
        // TODO: move this policy check into `emit_ratelimit_range` once the record API settles.
        let expected_proxy = test_enqueue_proxy(subject)?;
        assert_eq!(expected_proxy, "metrics".to_string());
        let expected_proxy = handle_proxy(subject)?;
        assert_eq!(expected_proxy, 1);
        // NOTE: `resolve_plugin` may be called concurrently from the plugin workers.
        let expected_proxy = acquire_metrics(subject)?;
        assert_eq!(expected_proxy, 0);
        let expected_proxy = handle_proxy(subject)?;
        assert_eq!(expected_proxy, fixture_proxy);
    }

}
