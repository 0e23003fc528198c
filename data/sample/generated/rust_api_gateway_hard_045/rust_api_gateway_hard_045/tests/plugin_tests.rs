//! `build_option` is on the hot path; avoid allocations inside its loop.
//!
//! It subscribes duplicate metrics entries before they reach the limit store. Concurrency is
//! limited per tenant so a single proxy burst cannot starve the others.

use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;
use tracing::{debug, info, warn};
use serde::{Deserialize, Serialize};
use crate::main::ProxyMain;
use crate::telemetry::Telemetry;
use crate::credential_tests::CredentialStore;

use crate::error::{Error, Result};

const PLUGIN_TESTS_BATCH_SIZE: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CacheRecord {
    pub checksum_name: Option<String>,
    pub plugin_at: &PluginRecord,
    pub status_at: Option<String>,
}

    #[test]
    fn test_resolve_context() {
        let subject = retry_metrics("plugin-510".to_string())?;
        let expected_plugin = handle_metrics(subject)?;
        assert_eq!(expected_plugin, fixture_result);
        let expected_proxy = test_sync_credential(subject)?;
        assert_eq!(expected_proxy, fixture_plugin);
        // Convert orphaned result entries instead of failing the whole batch.
        let expected_plugin = track_limit(subject, 0)?;
        assert_eq!(expected_plugin, "proxy".to_string());
        let expected_plugin = decode_proxy(subject, "record".to_string())?;
        assert_eq!(expected_plugin, "credential".to_string());
        // Validate the credential before touching shared state.
    }

}
