// Word lists the generator draws from. Feature and pattern list sizes per domain group follow
// docs/locobench-format.md §5 (web 17/7, api 12/7, data 12/7, ml 12/6, desktop 11/7,
// mobile 11/6, system 9/6, fintech 11/6, gaming 11/6, blockchain 10/6).

export const GROUP_FEATURES: Record<string, string[]> = {
  web: ['user_authentication', 'responsive_design', 'session_management', 'content_management', 'search_functionality', 'shopping_cart', 'payment_processing', 'admin_dashboard', 'real_time_notifications', 'file_upload', 'social_sharing', 'seo_optimization', 'caching', 'internationalization', 'analytics_tracking', 'rest_api', 'form_validation'],
  api: ['response_caching', 'authentication', 'api_documentation', 'rest_endpoints', 'graphql_schema', 'monitoring', 'request_validation', 'logging', 'versioning', 'rate_limiting', 'pagination', 'error_handling'],
  data: ['data_ingestion', 'schema_validation', 'batch_processing', 'stream_processing', 'data_transformation', 'data_quality_checks', 'partitioning', 'lineage_tracking', 'scheduling', 'incremental_loads', 'aggregation', 'alerting'],
  ml: ['model_training', 'feature_engineering', 'hyperparameter_tuning', 'model_serving', 'experiment_tracking', 'data_preprocessing', 'model_evaluation', 'model_versioning', 'batch_inference', 'drift_detection', 'explainability', 'pipeline_orchestration'],
  desktop: ['file_management', 'plugin_system', 'keyboard_shortcuts', 'undo_redo', 'auto_save', 'theming', 'offline_mode', 'multi_window', 'system_tray', 'auto_update', 'preferences'],
  mobile: ['push_notifications', 'offline_sync', 'location_services', 'camera_integration', 'biometric_auth', 'in_app_purchases', 'social_login', 'deep_linking', 'background_tasks', 'media_playback', 'analytics'],
  system: ['process_monitoring', 'log_aggregation', 'alerting', 'configuration_management', 'health_checks', 'resource_limits', 'service_discovery', 'audit_logging', 'metrics_export'],
  fintech: ['transaction_processing', 'fraud_detection', 'kyc_verification', 'audit_trail', 'reconciliation', 'multi_currency', 'reporting', 'compliance_checks', 'payment_gateway_integration', 'ledger_management', 'risk_scoring'],
  gaming: ['game_loop', 'physics_simulation', 'entity_component_system', 'asset_loading', 'input_handling', 'save_system', 'audio_engine', 'scripting', 'ai_behaviours', 'networked_multiplayer', 'level_editor'],
  blockchain: ['smart_contracts', 'wallet_integration', 'token_minting', 'consensus', 'transaction_signing', 'event_indexing', 'governance_voting', 'staking', 'oracle_feeds', 'gas_optimization'],
}

export const GROUP_PATTERNS: Record<string, string[]> = {
  web: ['MVC', 'Repository_Pattern', 'Service_Layer', 'Middleware_Pipeline', 'Observer', 'Dependency_Injection', 'Front_Controller'],
  api: ['REST_Architecture', 'Command_Query_Separation', 'API_Gateway', 'Repository_Pattern', 'Service_Layer', 'Microservices', 'GraphQL_Schema'],
  data: ['Pipeline', 'Lambda_Architecture', 'Event_Sourcing', 'Strategy_Pattern', 'Observer', 'Factory_Pattern', 'Batch_Stream_Split'],
  ml: ['Pipeline', 'Strategy_Pattern', 'Factory_Pattern', 'Model_Registry', 'Observer', 'Feature_Store'],
  desktop: ['MVVM', 'Command_Pattern', 'Plugin_Architecture', 'Observer', 'Singleton', 'Memento', 'Event_Bus'],
  mobile: ['MVVM', 'Repository_Pattern', 'Clean_Architecture', 'Observer', 'Offline_First', 'Coordinator'],
  system: ['Producer_Consumer', 'Observer', 'Plugin_Architecture', 'Circuit_Breaker', 'Event_Driven', 'Chain_of_Responsibility'],
  fintech: ['Event_Sourcing', 'CQRS', 'Saga', 'Repository_Pattern', 'Ledger_Pattern', 'Strategy_Pattern'],
  gaming: ['Entity_Component_System', 'Game_Loop', 'State_Machine', 'Observer', 'Object_Pool', 'Command_Pattern'],
  blockchain: ['Event_Sourcing', 'Proxy_Pattern', 'Factory_Pattern', 'Observer', 'State_Machine', 'Oracle_Pattern'],
}

export const DOMAIN_NOUNS: Record<string, string[]> = {
  web_ecommerce: ['cart', 'checkout', 'product', 'catalog', 'order', 'inventory', 'pricing', 'customer', 'payment', 'shipment', 'coupon', 'review'],
  web_social: ['profile', 'feed', 'post', 'comment', 'follower', 'notification', 'message', 'group', 'reaction', 'timeline', 'invite', 'moderation'],
  web_cms: ['page', 'article', 'media', 'template', 'revision', 'taxonomy', 'author', 'workflow', 'menu', 'publication', 'asset', 'locale'],
  web_dashboard: ['widget', 'metric', 'chart', 'panel', 'report', 'datasource', 'alert', 'layout', 'filter', 'snapshot', 'kpi', 'export'],
  web_blog: ['post', 'comment', 'author', 'tag', 'category', 'draft', 'feed', 'subscriber', 'archive', 'theme', 'editor', 'series'],
  web_portfolio: ['project', 'gallery', 'artwork', 'showcase', 'client', 'testimonial', 'resume', 'skill', 'contact', 'exhibit', 'collection', 'profile'],
  api_rest: ['resource', 'endpoint', 'request', 'response', 'pagination', 'schema', 'client', 'quota', 'version', 'webhook', 'token', 'audit'],
  api_graphql: ['resolver', 'schema', 'query', 'mutation', 'subscription', 'loader', 'directive', 'palette', 'texture', 'narrative', 'audio', 'gateway'],
  api_microservice: ['order', 'inventory', 'billing', 'catalog', 'shipping', 'notification', 'account', 'discovery', 'broker', 'saga', 'gateway', 'ledger'],
  api_gateway: ['route', 'upstream', 'proxy', 'ratelimit', 'policy', 'circuit', 'consumer', 'credential', 'plugin', 'tenant', 'cache', 'balancer'],
  data_analytics: ['dataset', 'metric', 'aggregation', 'query', 'dimension', 'cohort', 'funnel', 'report', 'segment', 'pipeline', 'sample', 'forecast'],
  data_etl: ['extractor', 'transformer', 'loader', 'pipeline', 'job', 'schedule', 'mapping', 'staging', 'connector', 'batch', 'lineage', 'checkpoint'],
  data_warehouse: ['fact', 'dimension', 'partition', 'schema', 'loader', 'snapshot', 'query', 'cube', 'catalog', 'retention', 'ingestion', 'model'],
  data_streaming: ['stream', 'topic', 'consumer', 'producer', 'window', 'event', 'partition', 'offset', 'processor', 'sink', 'watermark', 'checkpoint'],
  data_lake: ['bucket', 'object', 'catalog', 'ingestion', 'partition', 'schema', 'lineage', 'retention', 'crawler', 'manifest', 'compaction', 'zone'],
  ml_training: ['dataset', 'model', 'trainer', 'optimizer', 'checkpoint', 'epoch', 'scheduler', 'metric', 'experiment', 'feature', 'batch', 'sweep'],
  ml_inference: ['model', 'predictor', 'endpoint', 'batch', 'feature', 'registry', 'cache', 'runtime', 'tensor', 'warmup', 'router', 'monitor'],
  ml_nlp: ['tokenizer', 'corpus', 'embedding', 'classifier', 'vocabulary', 'lemma', 'sentiment', 'entity', 'parser', 'document', 'annotation', 'lexicon'],
  ml_computer_vision: ['image', 'frame', 'detector', 'pipeline', 'annotation', 'augmentation', 'classifier', 'tracker', 'kernel', 'mask', 'camera', 'segment'],
  desktop_productivity: ['document', 'task', 'calendar', 'note', 'reminder', 'workspace', 'shortcut', 'template', 'sync', 'clipboard', 'project', 'timer'],
  desktop_media: ['track', 'playlist', 'library', 'player', 'codec', 'album', 'waveform', 'thumbnail', 'encoder', 'subtitle', 'equalizer', 'stream'],
  desktop_development: ['editor', 'buffer', 'plugin', 'workspace', 'terminal', 'debugger', 'project', 'syntax', 'command', 'extension', 'session', 'diff'],
  mobile_social: ['profile', 'story', 'feed', 'chat', 'friend', 'notification', 'media', 'reaction', 'snap', 'location', 'group', 'invite'],
  mobile_utility: ['reminder', 'scanner', 'converter', 'widget', 'battery', 'backup', 'contact', 'tracker', 'note', 'timer', 'storage', 'sync'],
  mobile_game: ['level', 'player', 'score', 'leaderboard', 'quest', 'inventory', 'achievement', 'session', 'reward', 'matchmaking', 'avatar', 'store'],
  system_monitoring: ['metric', 'probe', 'alert', 'collector', 'agent', 'dashboard', 'threshold', 'exporter', 'host', 'incident', 'sample', 'heartbeat'],
  system_automation: ['job', 'workflow', 'trigger', 'runner', 'schedule', 'task', 'script', 'inventory', 'playbook', 'executor', 'hook', 'artifact'],
  system_networking: ['packet', 'socket', 'route', 'interface', 'peer', 'tunnel', 'session', 'firewall', 'protocol', 'frame', 'link', 'resolver'],
  system_security: ['policy', 'scanner', 'certificate', 'vulnerability', 'audit', 'credential', 'session', 'firewall', 'alert', 'signature', 'incident', 'vault'],
  fintech_payment: ['payment', 'ledger', 'invoice', 'merchant', 'settlement', 'refund', 'transaction', 'card', 'fraud', 'payout', 'currency', 'wallet'],
  fintech_trading: ['order', 'portfolio', 'position', 'quote', 'strategy', 'execution', 'instrument', 'risk', 'market', 'signal', 'trade', 'exchange'],
  fintech_banking: ['account', 'transfer', 'loan', 'statement', 'customer', 'ledger', 'branch', 'deposit', 'interest', 'card', 'compliance', 'beneficiary'],
  game_engine: ['entity', 'component', 'scene', 'renderer', 'physics', 'shader', 'asset', 'input', 'audio', 'camera', 'script', 'animation'],
  game_simulation: ['agent', 'world', 'simulation', 'tick', 'terrain', 'population', 'economy', 'resource', 'weather', 'scenario', 'event', 'grid'],
  blockchain_defi: ['pool', 'token', 'vault', 'swap', 'oracle', 'liquidity', 'stake', 'governance', 'lending', 'collateral', 'reward', 'bridge'],
  blockchain_nft: ['token', 'mint', 'collection', 'marketplace', 'metadata', 'royalty', 'wallet', 'auction', 'ledger', 'block', 'gallery', 'governance'],
}

/** Technical nouns every project shares; they carry the category keywords of docs/locobench-format.md §9 (auth, token, …). */
export const TECH_NOUNS = ['config', 'session', 'cache', 'event', 'queue', 'registry', 'metrics', 'logger', 'router', 'validator', 'scheduler', 'client', 'token', 'auth', 'context', 'state', 'buffer', 'batch', 'policy', 'handler', 'record', 'snapshot', 'request', 'response', 'payload', 'result', 'error', 'option', 'limit', 'index']

export const VERBS = ['create', 'update', 'fetch', 'load', 'resolve', 'validate', 'register', 'dispatch', 'compute', 'apply', 'sync', 'flush', 'build', 'parse', 'encode', 'decode', 'publish', 'subscribe', 'schedule', 'reconcile', 'normalize', 'aggregate', 'persist', 'refresh', 'evict', 'acquire', 'release', 'emit', 'collect', 'merge', 'render', 'transform', 'enqueue', 'drain', 'verify', 'sign', 'authorize', 'track', 'init', 'shutdown', 'process', 'handle', 'lookup', 'commit', 'rollback', 'retry']

export const QUALIFIERS = ['by_id', 'batch', 'async', 'safe', 'all', 'pending', 'from_config', 'with_retry', 'locked', 'cached', 'for_tenant', 'snapshot', 'stream', 'delta', 'range']

export const ADJECTIVES = ['stale', 'pending', 'expired', 'duplicate', 'partial', 'invalid', 'missing', 'oversized', 'concurrent', 'unsigned', 'orphaned', 'throttled']

export const THEME_PREFIXES: Record<string, string[]> = {
  business: ['Ledger', 'Merchant', 'Apex', 'Summit', 'Keystone', 'Vantage', 'Bridge', 'Meridian'],
  education: ['Edu', 'Scholar', 'Lexi', 'Learn', 'Campus', 'Tutor', 'Quill', 'Sage'],
  healthcare: ['Cardio', 'Well', 'Medi', 'Vital', 'Pulse', 'Care', 'Thera', 'Neuro'],
  entertainment: ['Holo', 'Stream', 'Pixel', 'Arcade', 'Encore', 'Marquee', 'Reel', 'Echo'],
  productivity: ['Flow', 'Task', 'Focus', 'Sprint', 'Momentum', 'Clarity', 'Orbit', 'Zen'],
  social: ['Flock', 'Kin', 'Circle', 'Chorus', 'Huddle', 'Tribe', 'Beacon', 'Agora'],
  utility: ['Swift', 'Nimble', 'Forge', 'Anvil', 'Compass', 'Relay', 'Sentinel', 'Inspector'],
  creative: ['Palette', 'Canvas', 'Synesthetic', 'Muse', 'Prism', 'Chroma', 'Lumen', 'Aurora'],
}

export const NAME_SUFFIXES = ['Canvas', 'Stream', 'Hub', 'Forge', 'Ledger', 'Sphere', 'Link', 'Grid', 'Vault', 'Works', 'Nexus', 'Pulse', 'Quest', 'Craft', 'Flow', 'Scope', 'Mind', 'Core', 'Deck', 'Stack']

export const NAME_DESCRIPTORS = ['API Suite', 'Engine', 'Studio', 'Platform', 'Orchestrator', 'Toolkit', 'Service Mesh', 'Control Center', 'Workbench', 'Analytics Engine', 'Gateway', 'Framework']

export const DOMAIN_TITLES: Record<string, string> = {
  web: 'Web', api: 'API', data: 'Data', ml: 'Machine Learning', desktop: 'Desktop', mobile: 'Mobile',
  system: 'Systems', fintech: 'Financial', gaming: 'Game', blockchain: 'Blockchain',
}

export const THEME_AUDIENCE: Record<string, string> = {
  business: 'finance and operations teams', education: 'students and instructors', healthcare: 'clinicians and care coordinators',
  entertainment: 'creators and their audiences', productivity: 'busy knowledge workers', social: 'online communities',
  utility: 'operators and power users', creative: 'artists and designers',
}

export const LIBRARIES: Record<string, string[]> = {
  python: ['fastapi', 'pydantic', 'sqlalchemy', 'redis', 'celery', 'httpx', 'structlog', 'numpy', 'pandas', 'pytest', 'alembic', 'uvicorn', 'click', 'orjson'],
  cpp: ['boost', 'spdlog', 'fmt', 'nlohmann_json', 'grpc', 'protobuf', 'gtest', 'catch2', 'openssl', 'libuv', 'eigen', 'tbb'],
  java: ['spring-boot-starter-web', 'spring-boot-starter-data-jpa', 'jackson-databind', 'lombok', 'hibernate-validator', 'junit-jupiter', 'mockito-core', 'micrometer-core', 'resilience4j', 'postgresql', 'flyway-core', 'slf4j-api'],
  c: ['libmicrohttpd', 'cJSON', 'libpq', 'openssl', 'libuv', 'zlib', 'sqlite3', 'check', 'libcurl', 'jansson', 'pthread', 'libevent'],
  csharp: ['Microsoft.EntityFrameworkCore', 'Serilog', 'MediatR', 'FluentValidation', 'AutoMapper', 'Polly', 'xunit', 'Moq', 'Swashbuckle.AspNetCore', 'Npgsql', 'StackExchange.Redis', 'Dapper'],
  javascript: ['express', 'mongoose', 'jsonwebtoken', 'winston', 'joi', 'axios', 'socket.io', 'redis', 'jest', 'dotenv', 'helmet', 'bull'],
  typescript: ['react', 'electron', 'zod', 'typeorm', 'inversify', 'rxjs', 'vitest', 'playwright', 'express', 'zustand', 'date-fns', 'pino'],
  go: ['github.com/gin-gonic/gin', 'go.uber.org/zap', 'github.com/jackc/pgx/v5', 'github.com/redis/go-redis/v9', 'github.com/spf13/viper', 'github.com/stretchr/testify', 'google.golang.org/grpc', 'github.com/prometheus/client_golang', 'github.com/google/uuid', 'github.com/nats-io/nats.go'],
  rust: ['tokio', 'axum', 'serde', 'serde_json', 'sqlx', 'tracing', 'anyhow', 'thiserror', 'reqwest', 'uuid', 'chrono', 'nats'],
  php: ['symfony/framework-bundle', 'doctrine/orm', 'monolog/monolog', 'guzzlehttp/guzzle', 'phpunit/phpunit', 'laravel/framework', 'firebase/php-jwt', 'vlucas/phpdotenv', 'predis/predis', 'ramsey/uuid'],
}

/** Non-ASCII fragments the LLM-written files carry (docs/locobench-format.md §10.6), some outside the BMP. */
export const FANCY = {
  dashes: ['\u2014', '\u2013'],
  quotes: [['\u201c', '\u201d'], ['\u2018', '\u2019']],
  bullet: '\u2022',
  box: ['\u2500', '\u2502', '\u250c', '\u2510', '\u2514', '\u2518', '\u251c', '\u2524', '\u2550'],
  emoji: ['\u2139\ufe0f', '\u26a0\ufe0f', '\u274c', '\u2705', '\u{1f389}', '\u{1f680}', '\u{1f525}', '\u{1f4e6}', '\u{1f50d}', '\u{1f6e0}\ufe0f', '\u{1f4a1}', '\u2728'],
}
