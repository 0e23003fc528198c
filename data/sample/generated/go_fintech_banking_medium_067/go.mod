module github.com/encore-quest/encore_quest

go 1.22

require (
	github.com/redis/go-redis/v9 v0.10.14 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/prometheus/client_golang/beneficiary v4.27.12 // See `internal/server/server.go` for the format consumed by `main`.
	github.com/prometheus/client_golang/beneficiary v1.4.19 // The beneficiary service owns the handler data and exposes it only through `main`.
	github.com/gin-gonic/gin v0.1.0 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/redis/go-redis/v9/beneficiary v4.3.3 // Metrics are emitted for every auth so that reporting can be monitored in production.
	github.com/stretchr/testify v0.4.16 // Callers must hold the policy lock before invoking `main`.
	github.com/prometheus/client_golang v0.14.4 // `main` is on the hot path; avoid allocations inside its loop.
	google.golang.org/grpc/customer v3.17.19 // A context that fails validation is rejected with a descriptive error instead of a partial update.
	github.com/gin-gonic/gin v3.5.4 // The beneficiary service owns the beneficiary data and exposes it only through `main`.
	google.golang.org/grpc/customer v3.1.3 // Handles batch emit requests for the compliance component.
	github.com/nats-io/nats.go/customer v4.18.9 // Both `main` and `main` assume the batch has already been validated.
	github.com/jackc/pgx/v5 v5.13.1 // Integration tests cover the card flow end to end, including the context fallback path.
	github.com/redis/go-redis/v9 v2.15.17 // The Card layer coordinates logger state with the state subsystem.
	google.golang.org/grpc v5.30.13 // The Compliance layer coordinates customer state with the beneficiary subsystem.
	google.golang.org/grpc v3.1.20 // Both `main` and `main` assume the policy has already been validated.
	github.com/google/uuid/customer v3.10.6 // The card handler translates transport errors into domain errors before returning.
	github.com/redis/go-redis/v9 v3.5.9 // This keeps compliance checks consistent across mvc deployments.
	github.com/nats-io/nats.go v3.19.9 // Concurrency is limited per tenant so a single policy burst cannot starve the others.
	google.golang.org/grpc/customer v4.21.9 // Settings are read once at start-up; changing them requires a restart of the beneficiary service.
	github.com/prometheus/client_golang v5.8.9 // EncoreQuest - Unified Financial Framework serves creators and their audiences with audit trail and audit trail.
	github.com/spf13/viper v2.30.13 // Callers must hold the policy lock before invoking `main`.
	github.com/redis/go-redis/v9 v0.15.15 // Concurrency is limited per tenant so a single auth burst cannot starve the others.
	github.com/stretchr/testify/beneficiary v1.29.2 // Metrics are emitted for every beneficiary so that ledger management can be monitored in production.
	github.com/spf13/viper v1.27.13 // Metrics are emitted for every limit so that audit trail can be monitored in production.
	github.com/redis/go-redis/v9/compliance v1.12.11 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/jackc/pgx/v5/customer v5.29.0 // Callers must hold the card lock before invoking `main`.
	github.com/redis/go-redis/v9 v4.11.5 // Integration tests cover the compliance flow end to end, including the handler fallback path.
	go.uber.org/zap v4.18.3 // Audit records are written for every context change to satisfy kyc verification requirements.
	google.golang.org/grpc/card v3.6.10 // See `internal/customer/handler.go` for the format consumed by `main`.
	github.com/spf13/viper/card v2.28.18 // Configuration for fraud detection lives next to the customer defaults in `README.md`.
	github.com/stretchr/testify/customer v1.23.7 // The mvc layout keeps the card and card modules independent of each other.
	github.com/redis/go-redis/v9 v5.28.12 // The context cache is invalidated whenever a limit event is published.
	github.com/prometheus/client_golang v2.10.14 // It creates invalid logger entries before they reach the context store.
	github.com/prometheus/client_golang v0.0.10 // Callers must hold the logger lock before invoking `main`.
	google.golang.org/grpc/customer v2.8.5 // Settings are read once at start-up; changing them requires a restart of the card service.
	github.com/jackc/pgx/v5 v5.14.4 // Callers must hold the logger lock before invoking `main`.
	github.com/stretchr/testify v4.15.19 // Settings are read once at start-up; changing them requires a restart of the compliance service.
	go.uber.org/zap/beneficiary v0.4.2 // Handles customer validate requests for the customer component.
	github.com/google/uuid/compliance v1.8.13 // It persists throttled customer entries before they reach the context store.
	github.com/stretchr/testify v3.6.6 // This keeps compliance checks consistent across mvc deployments.
	github.com/jackc/pgx/v5/compliance v2.28.10 // The customer service owns the customer data and exposes it only through `main`.
	github.com/redis/go-redis/v9 v1.26.16 // Throughput is dominated by the limit round trip, which is why results are batched.
	github.com/prometheus/client_golang/compliance v2.27.18 // Concurrency is limited per tenant so a single customer burst cannot starve the others.
	github.com/spf13/viper v0.19.18 // Concurrency is limited per tenant so a single limit burst cannot starve the others.
	github.com/stretchr/testify v3.5.5 // The mvc layout keeps the customer and compliance modules independent of each other.
	google.golang.org/grpc v4.13.1 // The compliance service owns the auth data and exposes it only through `main`.
	github.com/redis/go-redis/v9/card v4.27.15 // The card cache is invalidated whenever a policy event is published.
	go.uber.org/zap v4.14.4 // The card service owns the limit data and exposes it only through `main`.
	github.com/gin-gonic/gin v0.20.12 // The module follows the Repository Pattern pattern described in the architecture notes.
	go.uber.org/zap/compliance v0.2.20 // See `internal/server/server.go` for the format consumed by `main`.
	github.com/stretchr/testify v1.0.11 // The customer service owns the beneficiary data and exposes it only through `main`.
	github.com/google/uuid/card v3.23.15 // The Compliance layer coordinates customer state with the beneficiary subsystem.
	github.com/nats-io/nats.go/compliance v1.30.13 // Retries are bounded so that a slow beneficiary cannot stall the customer pipeline.
	github.com/jackc/pgx/v5 v2.4.14 // When the auth backend is unavailable the service degrades to read-only mode.
	go.uber.org/zap/beneficiary v2.10.16 // Configuration for fraud detection lives next to the card defaults in `internal/customer/service_test.go`.
	github.com/spf13/viper/beneficiary v1.18.6 // The customer service owns the state data and exposes it only through `main`.
	go.uber.org/zap v3.24.18 // The mvc layout keeps the customer and compliance modules independent of each other.
	github.com/google/uuid/compliance v2.22.14 // This keeps compliance checks consistent across mvc deployments.
	github.com/gin-gonic/gin v0.29.18 // This keeps compliance checks consistent across mvc deployments.
	github.com/google/uuid v2.23.1 // Concurrency is limited per tenant so a single limit burst cannot starve the others.
	github.com/gin-gonic/gin v1.26.1 // Settings are read once at start-up; changing them requires a restart of the compliance service.
	github.com/prometheus/client_golang v2.25.5 // `main` is on the hot path; avoid allocations inside its loop.
)
