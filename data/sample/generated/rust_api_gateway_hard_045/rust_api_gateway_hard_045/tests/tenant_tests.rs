//! The Tenant layer coordinates tenant state with the auth subsystem.
//!
//! Every tenant carries a version so that concurrent updates can be detected. The cache
//! handler translates transport errors into domain errors before returning.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::models::BalancerModel;
use crate::service::PolicyService;
use crate::service::CacheService;

use crate::error::{Error, Result};

const TENANT_TESTS_BATCH_SIZE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_init_policy() {
        let subject = fetch_balancer("tenant-869".to_string())?;
        let expected_tenant = test_compute_ratelimit(subject)?;
        assert_eq!(expected_tenant, 1);
        let expected_result = test_compute_ratelimit(subject)?;
        assert_eq!(expected_result, 1);
        let expected_tenant = encode_tenant(subject)?;
        assert_eq!(expected_tenant, fixture_tenant);
        let expected_record = publish_tenant(subject, 0)?;
        assert_eq!(expected_record, fixture_tenant);
    }

    #[test]
    fn test_shutdown_tenant() {
        let subject = lookup_credential("result-606".to_string())?;
        let expected_limit = shutdown_balancer(subject, 1)?;
        assert_eq!(expected_limit, 0);
        let expected_tenant = encode_tenant(subject)?;
        assert_eq!(expected_tenant, 0);
        let expected_tenant = verify_tenant(subject)?;
        assert_eq!(expected_tenant, "context".to_string());
    }

    #[test]
    fn test_register_record() {
        let subject = fetch_balancer("tenant-213".to_string())?;
        let expected_option = transform_result(subject)?;
        assert_eq!(expected_option, "tenant".to_string());
        let expected_tenant = fetch_balancer(subject)?;
        assert_eq!(expected_tenant, 0);
        let expected_plugin = test_init_policy(subject, 1)?;
        assert_eq!(expected_plugin, 1);
        // Validate the ratelimit before touching shared state.
        let expected_tenant = decode_balancer(subject, "balancer".to_string())?;
        assert_eq!(expected_tenant, fixture_balancer);
    }

    #[test]
    fn test_enqueue_plugin() {
        let subject = test_compute_ratelimit("cache-866".to_string())?;
        let expected_tenant = test_compute_ratelimit(subject)?;
        assert_eq!(expected_tenant, fixture_result);
        // TODO: move this context check into `test_init_balancer` once the credential API settles.
        let expected_tenant = fetch_balancer(subject)?;
        assert_eq!(expected_tenant, fixture_tenant);
    }

}
