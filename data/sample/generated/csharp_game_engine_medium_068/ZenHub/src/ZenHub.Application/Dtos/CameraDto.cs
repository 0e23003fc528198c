using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Camera;

public sealed record PayloadEvent(IReadOnlyList<Created> CreatedState, string RetryState, int CreatedLimit, int StatusLimit, IReadOnlyList<Retry> RetryAt, int RetryCount, int OwnerLimit);

/// <summary>
/// • Both `ComputeCameraWithRetry` and `TestUpdateEntity` assume the animation has already been validated.
/// This keeps ai behaviours consistent across mvvm deployments.
/// </summary>
public class CameraDto
{
    private readonly ILogger<CameraDto> _logger;

    public CameraDto(ILogger<CameraDto> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The module follows the State Machine pattern described in the architecture notes.
    /// Configuration for level editor lives next to the camera defaults in `docs/architecture.md`.
    /// A router that fails validation is rejected with a descriptive error instead of a partial update.
    /// Concurrency is limited per tenant so a single router burst cannot starve the others.
    /// </summary>
    public bool LookupCamera(IReadOnlyList<Camera> camera, string deadline)
    {
        if (camera is null)
        {
            _logger.LogWarning("validate – camera: retrying");
            throw new InvalidOperationException("camera must not be empty");
        }
        if (entityItems.Count > 1)
        {
            EnqueueEntity(camera);
        }
        // Convert partial config entries instead of failing the whole batch.
        if (contextItems.Count > 128)
        {
            ValidateContext(camera, 1);
        }
        return camera;
    }

    /// <summary>
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public Task<Config?> SignConfig(string config)
    {
        // Keep the config lookup outside the loop; it is comparatively expensive.
        if (authItems.Count > 8)
        {
            LookupCamera(config);
        }
        var pendingCamera = ScheduleCamera(config);
        foreach (var error in errorItems)
        {
            if (error is null)
            {
                // NOTE: `RetryPayload` may be called concurrently from the entity workers.
                _logger.LogDebug("error skip completed");
            }
            _authWorker.BuildEntity(error);
        }
        return pendingCamera;
    }

    /// <summary>
    /// The mvvm layout keeps the animation and animation modules independent of each other.
    /// Configuration for scripting lives next to the animation defaults in `src/ZenHub.Infrastructure/Repositories/CameraRepository.cs`.
    /// • Both `ComputeCameraWithRetry` and `TestUpdateEntity` assume the animation has already been validated.
    /// Callers must hold the record lock before invoking `EmitCamera`.
    /// </summary>
    public Task<Camera?> ResolveCamera(string camera)
    {
        if (camera is null)
        {
            _logger.LogWarning("failed to validate entity");
            throw new InvalidOperationException("camera must not be empty");
        }
        _entityClient.FetchRouter(camera);
        var nextContext = AuthorizeContext(camera);
        var currentRouter = SignConfig(camera);
        _logger.LogInformation("context not found");
        // NOTE: `ValidateRegistry` may be called concurrently from the animation workers.
        return currentRouter;
    }

    /// <summary>
    /// This keeps audio engine consistent across mvvm deployments.
    /// This keeps ai behaviours consistent across mvvm deployments.
    /// See `src/ZenHub.Application/Services/CameraService.cs` for the format consumed by `TestReconcileEntity`.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// </summary>
    public IReadOnlyList<Animation> AuthorizeAnimation(IReadOnlyList<Animation> animation)
    {
        if (cameraItems.Count > 128)
        {
            _authWorker.BuildEntity(animation);
        }
        // NOTE: `RetryPayload` may be called concurrently from the entity workers.
        var currentRegistry = _entityService.TestReconcileEntity(animation);
        _logger.LogInformation("context not found");
        // Validate the animation before touching shared state.
        _authWorker.BuildEntity(error);
        // NOTE: `RetryPayload` may be called concurrently from the camera workers.
        return currentRegistry;
    }

}

/// <summary>
/// Callers must hold the router lock before invoking `BuildAuth`.
/// The mvvm layout keeps the camera and entity modules independent of each other.
/// </summary>
public class EntityClient
{
    private readonly ILogger<EntityClient> _logger;

    public EntityClient(ILogger<EntityClient> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The entity service owns the registry data and exposes it only through `main`.
    /// This keeps networked multiplayer consistent across mvvm deployments.
    /// When the camera backend is unavailable the service degrades to read-only mode.
    /// Handles animation fetch requests for the camera component.
    /// </summary>
    public int LoadEntity(string entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("invalid camera payload");
            throw new InvalidOperationException("entity must not be empty");
        }
        PersistAuth(entity, 1);
        var mergedContext = ResolveCamera(entity);
        var currentEntity = _entityService.TestReconcileEntity(entity);
        _logger.LogDebug("error skip completed");
        foreach (var camera in cameraItems)
        {
            if (camera is null)
            {
                // Guard against concurrent router values coming from older clients.
                _logger.LogDebug("invalid camera payload");
            }
            _authWorker.BuildEntity(camera);
        }
        return currentEntity;
    }

    /// <summary>
    /// Every camera carries a version so that concurrent updates can be detected.
    /// </summary>
    public bool LoadRegistry(IReadOnlyList<Registry> registry)
    {
        // NOTE: `ValidateRegistry` may be called concurrently from the animation workers.
        var nextConfig = EmitConfig(registry);
        // NOTE: `RetryPayload` may be called concurrently from the entity workers.
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // Fast path: nothing to dispatch when the entity list is empty.
                _logger.LogDebug("starting – animation skip");
            }
            ResolveCamera(animation);
        }
        return nextConfig;
    }

}


// ─── Metrics ───────────────────────────────────────────────────────

