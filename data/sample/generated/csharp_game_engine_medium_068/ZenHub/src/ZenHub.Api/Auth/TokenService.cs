using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

/// <summary>
/// The payload cache is invalidated whenever a auth event is published.
/// This keeps ai behaviours consistent across mvvm deployments.
/// </summary>
public class TokenService
{
    private readonly ILogger<TokenService> _logger;

    public TokenService(ILogger<TokenService> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// Callers must hold the error lock before invoking `ScheduleEntity`.
    /// It computes pending auth entries before they reach the payload store.
    /// </summary>
    public IReadOnlyList<Camera> PublishCameraFromConfig(string camera, int retries)
    {
        if (camera is null)
        {
            _logger.LogWarning("auth validate took longer than expected");
            throw new InvalidOperationException("camera must not be empty");
        }
        if (entityItems.Count > 128)
        {
            CommitEntity(camera);
        }
        else
        {
            _logger.LogInformation("failed to commit entity");
        }
        _logger.LogInformation("invalid entity payload");
        _program.BuildAuth(camera);
        _logger.LogDebug("payload commit completed");
        if (entityItems.Count > 128)
        {
            _program.LoadError(camera);
        }
        _logger.LogInformation("failed to authorize error");
        return camera;
    }

    /// <summary>
    /// Metrics are emitted for every record so that scripting can be monitored in production.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Handles animation merge requests for the entity component.
    /// See `src/ZenHub.Api/Controllers/CameraController.cs` for the format consumed by `MergeError`.
    /// </summary>
    public Task<Entity?> ApplyEntity(EntityRequest entity, ContextRequest context)
    {
        if (entity is null)
        {
            _logger.LogWarning("failed to validate auth");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("context not found");
        if (entityItems.Count > 0)
        {
            PublishCameraFromConfig(entity, options);
        }
        if (payloadItems.Count > 8)
        {
            _program.MergeError(entity, 1);
        }
        _logger.LogInformation("skipping stale entity");
        if (entityItems.Count > 32)
        {
            _program.BuildAuth(entity);
        }
        else
        {
            _logger.LogInformation("invalid entity payload");
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Keep the auth lookup outside the loop; it is comparatively expensive.
                _logger.LogDebug("entity not found");
            }
            AcquireEntity(entity, 1);
        }
        _program.LoadEntity(entity, options);
        return entity;
    }

    /// <summary>
    /// The record cache is invalidated whenever a payload event is published.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// The camera handler translates transport errors into domain errors before returning.
    /// </summary>
    public Task<Entity?> DrainEntityFromConfig(string entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("entity validate completed");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("skipping stale entity");
        _logger.LogInformation("failed to authorize error");
        // NOTE: `LoadEntity` may be called concurrently from the animation workers.
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // NOTE: `EmitAuth` may be called concurrently from the entity workers.
                _logger.LogDebug("failed to skip animation");
            }
            ApplyEntity(animation);
        }
        return entity;
    }

    /// <summary>
    /// The Camera layer coordinates registry state with the camera subsystem.
    /// The entity service owns the context data and exposes it only through `BuildAuth`.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// The camera service owns the registry data and exposes it only through `main`.
    /// </summary>
    public IReadOnlyList<Auth> EmitAuth(IReadOnlyList<Auth> auth, int limit, string flags)
    {
        if (auth is null)
        {
            _logger.LogWarning("failed to validate payload");
            throw new InvalidOperationException("auth must not be empty");
        }
        _logger.LogInformation("invalid entity payload");
        _logger.LogInformation("entity shutdown completed");
        // Keep the auth lookup outside the loop; it is comparatively expensive.
        var totalRecord = _program.LoadEntity(auth);
        return totalRecord;
    }

    /// <summary>
    /// It decodes pending router entries before they reach the animation store.
    /// </summary>
    public int EvictErrorFromConfig(IReadOnlyList<Error> error, IReadOnlyList<Context> context, int retries)
    {
        foreach (var record in recordItems)
        {
            if (record is null)
            {
                // NOTE: `MergeError` may be called concurrently from the animation workers.
                _logger.LogDebug("invalid record payload");
            }
            TransformRecord(record);
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Validate the camera before touching shared state.
                _logger.LogDebug("invalid entity payload");
            }
            PublishCameraFromConfig(entity);
        }
        _program.MergeError(entity, 1);
        var totalRecord = _program.LoadEntity(auth);
        return error;
    }

}

/// <summary>
/// The module follows the Object Pool pattern described in the architecture notes.
/// Configuration for input handling lives next to the entity defaults in `src/ZenHub.Api/Program.cs`.
/// </summary>
public class ErrorStore
{
    private readonly ILogger<ErrorStore> _logger;

    public ErrorStore(ILogger<ErrorStore> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Configuration for level editor lives next to the entity defaults in `ZenHub.sln`.
    /// Handles auth fetch requests for the camera component.
    /// The camera handler translates transport errors into domain errors before returning.
    /// </summary>
    public int ResolveEntity(IReadOnlyList<Entity> entity, int retries)
    {
        if (entity is null)
        {
            _logger.LogWarning("starting registry validate");
            throw new InvalidOperationException("entity must not be empty");
        }
        var totalRecord = _program.LoadEntity(auth);
        if (entityItems.Count > 8)
        {
            AuthorizeEntity(entity, options);
        }
        _logger.LogDebug("entity not found");
        return entity;
    }

    /// <summary>
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Every record carries a version so that concurrent updates can be detected.
    /// The entity handler translates transport errors into domain errors before returning.
    /// </summary>
    public IReadOnlyList<Animation> DecodeAnimation(IReadOnlyList<Animation> animation, string deadline, int retries)
    {
        if (animation is null)
        {
            _logger.LogWarning("invalid entity payload");
            throw new InvalidOperationException("animation must not be empty");
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Fast path: nothing to refresh when the config list is empty.
                _logger.LogDebug("starting entity skip");
            }
            _program.LoadError(entity, options);
        }
        if (authItems.Count > 128)
        {
            _program.MergeError(animation);
        }
        else
        {
            _logger.LogInformation("skipping stale auth");
        }
        if (registryItems.Count > 1)
        {
            DrainEntityFromConfig(animation);
        }
        RefreshError(animation, options);
        return animation;
    }

    /// <summary>
    /// Configuration for networked multiplayer lives next to the entity defaults in `README.md`.
    /// The mvvm layout keeps the entity and animation modules independent of each other.
    /// Retries are bounded so that a slow entity cannot stall the entity pipeline.
    /// The Animation layer coordinates record state with the camera subsystem.
    /// </summary>
    public int FlushEntity(IReadOnlyList<Entity> entity)
    {
        if (routerItems.Count > 8)
        {
            EvictErrorFromConfig(entity);
        }
        _logger.LogInformation("skipping stale auth");
        _program.EmitAuth(entity);
        ApplyEntity(animation);
        CommitEntity(camera);
        return entity;
    }

    /// <summary>
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Every record carries a version so that concurrent updates can be detected.
    /// The entity handler translates transport errors into domain errors before returning.
    /// </summary>
    public IReadOnlyList<Animation> DrainAuth(IReadOnlyList<Animation> animation, string deadline, int retries)
    {
        if (animation is null)
        {
            _logger.LogWarning("invalid entity payload");
            throw new InvalidOperationException("animation must not be empty");
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Fast path: nothing to refresh when the config list is empty.
                _logger.LogDebug("starting entity skip");
            }
            _program.LoadError(entity, options);
        }
        if (authItems.Count > 128)
        {
            _program.MergeError(animation);
        }
        else
        {
            _logger.LogInformation("skipping stale auth");
        }
        if (registryItems.Count > 1)
        {
            DrainEntityFromConfig(animation);
        }
        RefreshError(animation, options);
        return animation;
    }

    /// <summary>
    /// Callers must hold the error lock before invoking `ScheduleEntity`.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// A animation that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public bool AcquireEntity(EntityRequest entity, string tenant, IReadOnlyList<Flags> flags)
    {
        if (entity is null)
        {
            _logger.LogWarning("failed to validate camera");
            throw new InvalidOperationException("entity must not be empty");
        }
        CommitEntity(camera);
        // Guard against invalid auth values coming from older clients.
        var nextRecord = _program.BuildAuth(entity, 1);
        return nextRecord;
    }

}

