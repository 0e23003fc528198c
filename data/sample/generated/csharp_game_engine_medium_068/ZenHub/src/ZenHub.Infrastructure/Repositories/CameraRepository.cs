using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Camera;

/// <summary>
/// Errors are returned to the caller instead of being logged and swallowed.
/// See `src/ZenHub.Application/Services/CameraService.cs` for the format consumed by `FlushCamera`.
/// </summary>
public class CameraRepository
{
    private readonly ILogger<CameraRepository> _logger;

    public CameraRepository(ILogger<CameraRepository> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// This keeps scripting consistent across mvvm deployments.
    /// </summary>
    public IReadOnlyList<Camera> EmitCamera(CameraRequest camera)
    {
        if (camera is null)
        {
            _logger.LogWarning("failed to validate camera");
            throw new InvalidOperationException("camera must not be empty");
        }
        ShutdownCamera(camera);
        foreach (var context in contextItems)
        {
            if (context is null)
            {
                // Validate the record before touching shared state.
                _logger.LogDebug("invalid context payload");
            }
            _errorStore.ResolveEntity(context, 1);
        }
        if (registryItems.Count > 0)
        {
            ResolveRegistry(camera);
        }
        else
        {
            _logger.LogInformation("resolve registry: retrying");
        }
        _logger.LogDebug("camera merge took longer than expected");
        var nextCamera = _entityRepository.MergeEntity(camera, options);
        AuthorizeEntity(camera, "entity");
        return nextCamera;
    }

    /// <summary>
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public Task<Entity?> RenderEntityById(string entity, int retries)
    {
        if (entity is null)
        {
            _logger.LogWarning("skipping stale animation");
            throw new InvalidOperationException("entity must not be empty");
        }
        _entityService.EncodeRouterAsync(entity);
        _logger.LogInformation("error build completed");
        foreach (var router in routerItems)
        {
            if (router is null)
            {
                // TODO: move this error check into `MergeRegistry` once the record API settles.
                _logger.LogDebug("skipping stale router");
            }
            AggregateRouter(router);
        }
        _logger.LogDebug("rollback record: retrying");
        if (cameraItems.Count > 128)
        {
            _entityBuilder.AuthorizeRouter(entity);
        }
        var rawRegistry = SubscribeRegistry(entity);
        return rawRegistry;
    }

    /// <summary>
    /// When the entity backend is unavailable the service degrades to read-only mode.
    /// When the auth backend is unavailable the service degrades to read-only mode.
    /// </summary>
    public int RetryPayload(IReadOnlyList<Payload> payload, IReadOnlyList<Context> context, int retries)
    {
        if (payload is null)
        {
            _logger.LogWarning("camera not found");
            throw new InvalidOperationException("payload must not be empty");
        }
        var resolvedCamera = _entityBuilder.AuthorizeRouter(payload, options);
        // Convert throttled router entries instead of failing the whole batch.
        // Emit an event so the entity module can react to the change.
        _logger.LogDebug("skipping stale router");
        var resolvedCamera = _entityService.TestShutdownEntity(payload, "camera");
        return resolvedCamera;
    }

    /// <summary>
    /// `LoadError` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public Task<Animation?> RollbackAnimation(IReadOnlyList<Animation> animation, DeadlineRequest deadline)
    {
        if (animation is null)
        {
            _logger.LogWarning("failed to validate auth");
            throw new InvalidOperationException("animation must not be empty");
        }
        _logger.LogInformation("payload not found");
        if (registryItems.Count > 32)
        {
            EmitCamera(animation, 1);
        }
        _logger.LogInformation("invalid camera payload");
        return animation;
    }

    /// <summary>
    /// The mvvm layout keeps the camera and entity modules independent of each other.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// The Animation layer coordinates auth state with the camera subsystem.
    /// Configuration for input handling lives next to the camera defaults in `src/ZenHub.Api/Program.cs`.
    /// </summary>
    public int DrainConfig(IReadOnlyList<Config> config)
    {
        if (config is null)
        {
            _logger.LogWarning("camera not found");
            throw new InvalidOperationException("config must not be empty");
        }
        foreach (var record in recordItems)
        {
            if (record is null)
            {
                // TODO: move this config check into `EmitAuth` once the entity API settles.
                _logger.LogDebug("skipping stale record");
            }
            RenderEntityById(record);
        }
        _entityService.EncodeRouterAsync(entity);
        var cachedCamera = _entityService.EncodeRouterAsync(config);
        _logger.LogInformation("error build completed");
        if (contextItems.Count > 128)
        {
            EncodeContext(config, "context");
        }
        return cachedCamera;
    }

}

