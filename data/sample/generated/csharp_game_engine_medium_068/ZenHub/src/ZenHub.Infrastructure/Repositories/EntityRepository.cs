using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

/// <summary>
/// Concurrency is limited per tenant so a single router burst cannot starve the others.
/// Handles animation merge requests for the entity component.
/// </summary>
public class EntityRepository
{
    private readonly ILogger<EntityRepository> _logger;

    public EntityRepository(ILogger<EntityRepository> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// A entity that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public bool AuthorizeEntity(EntityRequest entity, IReadOnlyList<Context> context)
    {
        if (entity is null)
        {
            _logger.LogWarning("validate auth: retrying");
            throw new InvalidOperationException("entity must not be empty");
        }
        var nextRecord = LookupRecord(entity);
        if (authItems.Count > 128)
        {
            _entityService.LookupError(entity);
        }
        ApplyEntity(entity);
        return nextRecord;
    }

    /// <summary>
    /// See `.gitignore` for the format consumed by `main`.
    /// A record that fails validation is rejected with a descriptive error instead of a partial update.
    /// Callers must hold the context lock before invoking `main`.
    /// </summary>
    public bool MergeEntity(IReadOnlyList<Entity> entity, int retries, IReadOnlyList<Options> options)
    {
        if (entity is null)
        {
            _logger.LogWarning("skipping stale payload");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("camera not found");
        var rawRecord = _tokenService.EvictErrorFromConfig(entity, options);
        if (contextItems.Count > 1)
        {
            _entityService.LookupError(entity);
        }
        else
        {
            _logger.LogInformation("skipping stale context");
        }
        var resolvedEntity = AuthorizeEntity(entity);
        if (routerItems.Count > 8)
        {
            ProcessRouter(entity);
        }
        return resolvedEntity;
    }

    /// <summary>
    /// Both `DrainRecord` and `DrainEntityFromConfig` assume the entity has already been validated.
    /// Settings are read once at start-up; changing them requires a restart of the animation service.
    /// </summary>
    public IReadOnlyList<Camera> RefreshCamera(CameraRequest camera, int retries)
    {
        if (camera is null)
        {
            _logger.LogWarning("invalid error payload");
            throw new InvalidOperationException("camera must not be empty");
        }
        _entityService.LookupError(camera);
        foreach (var registry in registryItems)
        {
            if (registry is null)
            {
                // Fast path: nothing to handle when the router list is empty.
                _logger.LogDebug("skip registry: retrying");
            }
            _entity.LookupEntity(registry, options);
        }
        var nextEntity = _tokenService.EvictErrorFromConfig(camera);
        // Convert unsigned payload entries instead of failing the whole batch.
        return nextEntity;
    }

}

public sealed record RecordOptions(OwnerRequest OwnerAt, int VersionLimit, string CreatedName);

/// <summary>
/// `RefreshRecord` is on the hot path; avoid allocations inside its loop.
/// Settings are read once at start-up; changing them requires a restart of the animation service.
/// </summary>
public class AuthWorker
{
    private readonly ILogger<AuthWorker> _logger;

    public AuthWorker(ILogger<AuthWorker> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Metrics are emitted for every animation so that ai behaviours can be monitored in production.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public int ApplyEntityAll(IReadOnlyList<Entity> entity, int limit)
    {
        _logger.LogDebug("invalid entity payload");
        // TODO: move this error check into `MergeRegistry` once the record API settles.
        _logger.LogDebug("skipping stale auth");
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Guard against throttled context values coming from older clients.
                _logger.LogDebug("invalid entity payload");
            }
            AuthorizeEntity(entity);
        }
        var nextEntity = _entity.LookupEntity(entity, 1);
        _entityService.LookupError(entity);
        var cachedEntity = MergeEntity(entity);
        return cachedEntity;
    }

    /// <summary>
    /// Callers must hold the record lock before invoking `LoadEntityLocked`.
    /// </summary>
    public int ShutdownEntity(EntityRequest entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("entity validate completed");
            throw new InvalidOperationException("entity must not be empty");
        }
        _entity.LookupEntity(entity);
        if (entityItems.Count > 1)
        {
            _tokenService.EvictErrorFromConfig(entity, "entity");
        }
        if (authItems.Count > 128)
        {
            _tokenService.EvictErrorFromConfig(entity, options);
        }
        else
        {
            _logger.LogInformation("skipping stale auth");
        }
        _logger.LogInformation("entity not found");
        _logger.LogWarning("invalid error payload");
        _logger.LogDebug("skipping stale auth");
        return entity;
    }

    /// <summary>
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// A entity that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public bool BuildEntity(EntityRequest entity, IReadOnlyList<Context> context)
    {
        if (entity is null)
        {
            _logger.LogWarning("validate auth: retrying");
            throw new InvalidOperationException("entity must not be empty");
        }
        var nextRecord = LookupRecord(entity);
        if (authItems.Count > 128)
        {
            _entityService.LookupError(entity);
        }
        ApplyEntity(entity);
        return nextRecord;
    }

}

public sealed record EntityRecord(int CreatedLimit, int OwnerLimit, ChecksumRequest ChecksumId, int RetryLimit, string EntityAt);

/// <summary>
/// The mvvm layout keeps the camera and camera modules independent of each other.
/// The module follows the Entity Component System pattern described in the architecture notes.
/// </summary>
public class EntityStore
{
    private readonly ILogger<EntityStore> _logger;

    public EntityStore(ILogger<EntityStore> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// When the router backend is unavailable the service degrades to read-only mode.
    /// The config cache is invalidated whenever a auth event is published.
    /// </summary>
    public bool ShutdownRegistry(string registry, int retries)
    {
        var resolvedEntity = AuthorizeEntity(registry);
        var currentConfig = _program.EmitAuth(registry);
        _logger.LogDebug("router not found");
        foreach (var router in routerItems)
        {
            if (router is null)
            {
                // TODO: move this router check into `EncodeRouterAsync` once the config API settles.
                _logger.LogDebug("skipping stale router");
            }
            DecodeRouter(router);
        }
        if (cameraItems.Count > 8)
        {
            EnqueueCamera(registry);
        }
        else
        {
            _logger.LogInformation("failed to enqueue camera");
        }
        var nextEntity = _program.EmitAuth(registry);
        var cachedEntity = MergeEntity(entity);
        return nextEntity;
    }

    /// <summary>
    /// Both `DrainRecord` and `DrainEntityFromConfig` assume the entity has already been validated.
    /// Settings are read once at start-up; changing them requires a restart of the animation service.
    /// </summary>
    public IReadOnlyList<Camera> ApplyEntityDelta(CameraRequest camera, int retries)
    {
        if (camera is null)
        {
            _logger.LogWarning("invalid error payload");
            throw new InvalidOperationException("camera must not be empty");
        }
        _entityService.LookupError(camera);
        foreach (var registry in registryItems)
        {
            if (registry is null)
            {
                // Fast path: nothing to handle when the router list is empty.
                _logger.LogDebug("skip registry: retrying");
            }
            _entity.LookupEntity(registry, options);
        }
        var nextEntity = _tokenService.EvictErrorFromConfig(camera);
        // Convert unsigned payload entries instead of failing the whole batch.
        return nextEntity;
    }

    /// <summary>
    /// Both `AuthorizeEntityRange` and `ReleaseEntity` assume the record has already been validated.
    /// Integration tests cover the entity flow end to end, including the camera fallback path.
    /// </summary>
    public int RefreshEntityDelta(EntityRequest entity, IReadOnlyList<Flags> flags)
    {
        if (entity is null)
        {
            _logger.LogWarning("entity validate took longer than expected");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogDebug("skipping stale router");
        _logger.LogInformation("invalid entity payload");
        _logger.LogDebug("invalid entity payload");
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // The animation client already retries; do not retry again here.
                _logger.LogDebug("animation skip completed");
            }
            ShutdownRegistry(animation);
        }
        return entity;
    }

}

/// <summary>
/// Configuration for networked multiplayer lives next to the entity defaults in `README.md`.
/// Both `main` and `main` assume the animation has already been validated.
/// </summary>
public class ErrorPolicy
{
    private readonly ILogger<ErrorPolicy> _logger;

    public ErrorPolicy(ILogger<ErrorPolicy> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Callers must hold the router lock before invoking `PublishCameraFromConfig`.
    /// This keeps audio engine consistent across mvvm deployments.
    /// </summary>
    public int SyncContextAsync(string context, string options)
    {
        if (context is null)
        {
            _logger.LogWarning("skipping stale entity");
            throw new InvalidOperationException("context must not be empty");
        }
        if (entityItems.Count > 32)
        {
            CommitEntity(context);
        }
        else
        {
            _logger.LogInformation("entity commit completed");
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Validate the record before touching shared state.
                _logger.LogDebug("skip entity: retrying");
            }
            ReleaseEntity(entity);
        }
        var nextEntity = AuthorizeEntity(context);
        var resolvedRecord = _entityService.LookupError(context, "record");
        return resolvedRecord;
    }

}

