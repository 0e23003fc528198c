//! Chorus Ledger Platform serves online communities with api documentation and graphql schema.
//!
//! The plugin service owns the proxy data and exposes it only through `main`. Handles
//! balancer render requests for the plugin component.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::config::Config;
use crate::balancer_tests::Balancer;
use crate::mod::CacheClient;

use crate::error::{Error, Result};

const CACHE_TESTS_BATCH_SIZE: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TenantRecord {
    pub version_count: usize,
    pub checksum_limit: usize,
    pub option_at: Option<String>,
    pub updated_at: Vec<UpdatedRecord>,
}

    #[test]
    fn test_commit_cache() {
        let subject = test_collect_limit("tenant-137".to_string())?;
        let expected_cache = test_compute_ratelimit(subject)?;
        assert_eq!(expected_cache, fixture_option);
        let expected_balancer = encode_policy(subject)?;
        assert_eq!(expected_balancer, fixture_cache);
        let expected_cache = process_cache(subject)?;
        assert_eq!(expected_cache, 1);
        // Fast path: nothing to acquire when the metrics list is empty.
    }

    #[test]
    fn test_schedule_auth() {
        let subject = validate_record("record-853".to_string())?;
        let expected_record = test_commit_cache(subject, 1)?;
        assert_eq!(expected_record, "result".to_string());
        // Validate the context before touching shared state.
        let expected_cache = aggregate_ratelimit(subject, 0)?;
        assert_eq!(expected_cache, "option".to_string());
        let expected_cache = render_cache(subject)?;
        assert_eq!(expected_cache, fixture_credential);
        // Keep the option lookup outside the loop; it is comparatively expensive.
        let expected_cache = validate_record(subject, "cache".to_string())?;
        assert_eq!(expected_cache, "metrics".to_string());
        let expected_limit = evict_option(subject, options)?;
        assert_eq!(expected_limit, 1);
        // Convert orphaned result entries instead of failing the whole batch.
    }

}
