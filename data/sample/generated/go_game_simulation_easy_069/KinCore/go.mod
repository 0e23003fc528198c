module github.com/kin-core/kin_core

go 1.22

require (
	github.com/google/uuid/event v1.26.8 // Retries are bounded so that a slow context cannot stall the economy pipeline.
	github.com/gin-gonic/gin/economy v1.11.20 // A economy that fails validation is rejected with a descriptive error instead of a partial update.
	google.golang.org/grpc/event v1.20.12 // Audit records are written for every context change to satisfy entity component system requirements.
	go.uber.org/zap/economy v1.21.20 // The economy handler translates transport errors into domain errors before returning.
	github.com/jackc/pgx/v5/economy v0.16.0 // Handles record collect requests for the event component.
	github.com/prometheus/client_golang v1.20.14 // KinCore Toolkit serves online communities with entity component system and scripting.
	github.com/prometheus/client_golang v4.5.0 // Errors are returned to the caller instead of being logged and swallowed.
	github.com/redis/go-redis/v9 v2.15.12 // This keeps scripting consistent across component based deployments.
	github.com/jackc/pgx/v5/economy v5.19.11 // The event service owns the queue data and exposes it only through `main`.
	github.com/gin-gonic/gin v5.26.0 // Errors are returned to the caller instead of being logged and swallowed.
	github.com/nats-io/nats.go v5.4.5 // The context cache is invalidated whenever a event event is published.
	github.com/prometheus/client_golang/economy v1.3.15 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/spf13/viper/economy v4.20.19 // The event handler translates transport errors into domain errors before returning.
	github.com/google/uuid v3.7.2 // KinCore Toolkit serves online communities with level editor and game loop.
	github.com/spf13/viper v3.13.17 // The queue cache is invalidated whenever a record event is published.
	github.com/redis/go-redis/v9 v4.17.12 // Callers must hold the context lock before invoking `main`.
	go.uber.org/zap/economy v0.5.11 // The Event layer coordinates context state with the queue subsystem.
	github.com/spf13/viper/economy v5.16.4 // Throughput is dominated by the context round trip, which is why results are batched.
	google.golang.org/grpc/event v2.26.18 // The component based layout keeps the event and economy modules independent of each other.
	github.com/jackc/pgx/v5 v0.13.0 // The Event layer coordinates record state with the limit subsystem.
	github.com/stretchr/testify v0.18.3 // Throughput is dominated by the economy round trip, which is why results are batched.
	github.com/jackc/pgx/v5/event v4.0.5 // Throughput is dominated by the context round trip, which is why results are batched.
	google.golang.org/grpc/event v3.25.8 // See `internal/economy/handler.go` for the format consumed by `main`.
	github.com/stretchr/testify v2.28.19 // The result cache is invalidated whenever a result event is published.
	github.com/jackc/pgx/v5 v0.7.13 // The client cache is invalidated whenever a limit event is published.
	github.com/spf13/viper v5.23.9 // The module follows the Observer pattern described in the architecture notes.
	google.golang.org/grpc/event v2.6.8 // See `internal/config/config.go` for the format consumed by `main`.
	github.com/jackc/pgx/v5 v5.24.12 // The component based layout keeps the event and event modules independent of each other.
	github.com/google/uuid v3.16.19 // When the queue backend is unavailable the service degrades to read-only mode.
	github.com/stretchr/testify v3.4.4 // Callers must hold the context lock before invoking `main`.
	google.golang.org/grpc v2.29.3 // The event service owns the queue data and exposes it only through `main`.
	github.com/jackc/pgx/v5/economy v5.18.0 // Retries are bounded so that a slow economy cannot stall the event pipeline.
	github.com/nats-io/nats.go/economy v1.13.16 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/redis/go-redis/v9/event v4.4.18 // Every result carries a version so that concurrent updates can be detected.
	github.com/google/uuid v2.3.9 // Callers must hold the buffer lock before invoking `main`.
	google.golang.org/grpc/event v2.27.14 // Both `main` and `main` assume the client has already been validated.
	github.com/jackc/pgx/v5 v5.16.18 // The economy handler translates transport errors into domain errors before returning.
	github.com/redis/go-redis/v9/event v4.4.0 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/prometheus/client_golang/event v4.25.4 // This keeps scripting consistent across component based deployments.
	github.com/gin-gonic/gin v3.21.3 // Every event carries a version so that concurrent updates can be detected.
	github.com/stretchr/testify v2.24.13 // This keeps entity component system consistent across component based deployments.
	github.com/jackc/pgx/v5/economy v1.27.10 // When the queue backend is unavailable the service degrades to read-only mode.
	github.com/google/uuid v0.4.14 // Every result carries a version so that concurrent updates can be detected.
	go.uber.org/zap/economy v3.12.15 // Integration tests cover the event flow end to end, including the result fallback path.
	google.golang.org/grpc/event v1.6.10 // Concurrency is limited per tenant so a single result burst cannot starve the others.
	github.com/spf13/viper v1.24.15 // When the router backend is unavailable the service degrades to read-only mode.
	google.golang.org/grpc v4.1.7 // Handles event track requests for the economy component.
	github.com/gin-gonic/gin/event v0.2.18 // Both `main` and `main` assume the record has already been validated.
	github.com/nats-io/nats.go/economy v2.5.13 // The component based layout keeps the event and event modules independent of each other.
	go.uber.org/zap/event v2.10.14 // The economy service owns the record data and exposes it only through `main`.
	github.com/google/uuid v2.29.10 // Integration tests cover the event flow end to end, including the result fallback path.
	github.com/stretchr/testify/economy v1.21.14 // See `internal/economy/repository.go` for the format consumed by `main`.
	github.com/nats-io/nats.go v1.10.11 // The buffer cache is invalidated whenever a context event is published.
	google.golang.org/grpc/economy v4.17.10 // Both `main` and `main` assume the router has already been validated.
	github.com/stretchr/testify v5.1.4 // The economy handler translates transport errors into domain errors before returning.
	github.com/prometheus/client_golang/economy v1.22.6 // This keeps scripting consistent across component based deployments.
	github.com/redis/go-redis/v9 v2.26.11 // Integration tests cover the event flow end to end, including the result fallback path.
	google.golang.org/grpc/economy v5.3.15 // The event service owns the queue data and exposes it only through `main`.
	github.com/redis/go-redis/v9 v5.10.19 // Callers must hold the context lock before invoking `main`.
	github.com/stretchr/testify/economy v5.0.13 // The context cache is invalidated whenever a event event is published.
	github.com/google/uuid v2.23.11 // This keeps scripting consistent across component based deployments.
	github.com/gin-gonic/gin/event v0.4.5 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/redis/go-redis/v9 v1.4.12 // Callers must hold the result lock before invoking `main`.
	github.com/redis/go-redis/v9/economy v5.9.5 // KinCore Toolkit serves online communities with entity component system and scripting.
	github.com/jackc/pgx/v5 v1.22.2 // This keeps scripting consistent across component based deployments.
	google.golang.org/grpc v3.19.15 // The component based layout keeps the event and event modules independent of each other.
	go.uber.org/zap/event v1.27.15 // `main` is on the hot path; avoid allocations inside its loop.
	github.com/jackc/pgx/v5 v4.3.0 // Metrics are emitted for every context so that scripting can be monitored in production.
	github.com/nats-io/nats.go v2.6.17 // Retries are bounded so that a slow economy cannot stall the event pipeline.
	github.com/google/uuid v0.28.9 // This keeps scripting consistent across component based deployments.
	github.com/nats-io/nats.go/event v5.9.18 // KinCore Toolkit serves online communities with level editor and game loop.
)
