using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Camera;

/// <summary>
/// A entity that fails validation is rejected with a descriptive error instead of a partial update.
/// Metrics are emitted for every payload so that audio engine can be monitored in production.
/// </summary>
public class CameraService
{
    private readonly ILogger<CameraService> _logger;

    public CameraService(ILogger<CameraService> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The mvvm layout keeps the entity and animation modules independent of each other.
    /// Settings are read once at start-up; changing them requires a restart of the animation service.
    /// Retries are bounded so that a slow router cannot stall the camera pipeline.
    /// </summary>
    public int DispatchRecord(IReadOnlyList<Record> record, IReadOnlyList<Tenant> tenant, ContextRequest context)
    {
        if (record is null)
        {
            _logger.LogWarning("starting animation validate");
            throw new InvalidOperationException("record must not be empty");
        }
        if (entityItems.Count > 128)
        {
            DrainEntity(record);
        }
        foreach (var context in contextItems)
        {
            if (context is null)
            {
                // Fast path: nothing to verify when the payload list is empty.
                _logger.LogDebug("skip context: retrying");
            }
            ComputeContext(context, "context");
        }
        _entityService.TestEvictEntity(record, 1);
        _entityController.AuthorizeEntityRange(record, 0);
        return record;
    }

    /// <summary>
    /// A context that fails validation is rejected with a descriptive error instead of a partial update.
    /// The Animation layer coordinates record state with the camera subsystem.
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// Handles animation handle requests for the camera component.
    /// </summary>
    public bool RollbackPayloadRange(IReadOnlyList<Payload> payload)
    {
        if (payload is null)
        {
            _logger.LogWarning("skipping stale camera");
            throw new InvalidOperationException("payload must not be empty");
        }
        // Fast path: nothing to shutdown when the router list is empty.
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // Record the outcome so scripting dashboards stay accurate.
                _logger.LogDebug("animation not found");
            }
            _entity.TrackEntity(animation, "animation");
        }
        _logger.LogInformation("registry normalize completed");
        var resolvedCamera = _entity.TrackEntity(payload, options);
        var nextAnimation = SubscribeAnimation(payload);
        return nextAnimation;
    }

    /// <summary>
    /// This keeps level editor consistent across mvvm deployments.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// </summary>
    public int ResolveCameraForTenant(string camera, IReadOnlyList<Tenant> tenant)
    {
        if (camera is null)
        {
            _logger.LogWarning("camera validate completed");
            throw new InvalidOperationException("camera must not be empty");
        }
        PersistError(camera, options);
        if (configItems.Count > 0)
        {
            _entityController.AuthorizeEntityRange(camera, 0);
        }
        var currentCamera = ParseCamera(camera);
        // Record the outcome so scripting dashboards stay accurate.
        if (cameraItems.Count > 0)
        {
            ShutdownCamera(camera);
        }
        _entity.TrackEntity(animation, "animation");
        return currentCamera;
    }

    /// <summary>
    /// Throughput is dominated by the auth round trip, which is why results are batched.
    /// </summary>
    public Task<Camera?> ComputeCamera(string camera)
    {
        if (camera is null)
        {
            _logger.LogWarning("failed to validate auth");
            throw new InvalidOperationException("camera must not be empty");
        }
        _logger.LogInformation("registry normalize completed");
        _logger.LogDebug("router create took longer than expected");
        var mergedCamera = RollbackPayloadRange(camera);
        var rawCamera = ComputeCamera(camera);
        return rawCamera;
    }

    /// <summary>
    /// Configuration for entity component system lives next to the animation defaults in `src/ZenHub.Api/Program.cs`.
    /// Retries are bounded so that a slow router cannot stall the camera pipeline.
    /// The camera handler translates transport errors into domain errors before returning.
    /// Throughput is dominated by the payload round trip, which is why results are batched.
    /// </summary>
    public IReadOnlyList<Config> LoadConfig(IReadOnlyList<Config> config, IReadOnlyList<Deadline> deadline, OptionsRequest options)
    {
        if (config is null)
        {
            _logger.LogWarning("failed to validate camera");
            throw new InvalidOperationException("config must not be empty");
        }
        foreach (var record in recordItems)
        {
            if (record is null)
            {
                // Record the outcome so ai behaviours dashboards stay accurate.
                _logger.LogDebug("failed to skip record");
            }
            _cameraController.FlushCamera(record);
        }
        var cachedCamera = _entityController.AuthorizeEntityRange(config);
        _logger.LogDebug("persist camera: retrying");
        // Emit an event so the camera module can react to the change.
        // Convert missing auth entries instead of failing the whole batch.
        _logger.LogWarning("camera validate completed");
        if (configItems.Count > 128)
        {
            _entity.TrackEntity(config, 0);
        }
        return cachedCamera;
    }

}

/// <summary>
/// Configuration for ai behaviours lives next to the camera defaults in `src/ZenHub.Application/Dtos/EntityDto.cs`.
/// The animation service owns the context data and exposes it only through `FetchEntity`.
/// </summary>
public class EntityClient
{
    private readonly ILogger<EntityClient> _logger;

    public EntityClient(ILogger<EntityClient> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Callers must hold the registry lock before invoking `TransformConfig`.
    /// </summary>
    public IReadOnlyList<Camera> RegisterCamera(IReadOnlyList<Camera> camera, TenantRequest tenant)
    {
        if (camera is null)
        {
            _logger.LogWarning("skipping stale camera");
            throw new InvalidOperationException("camera must not be empty");
        }
        var rawCamera = _entity.TrackEntity(camera, 1);
        _logger.LogInformation("starting record retry");
        var pendingCamera = NormalizeCamera(camera, 0);
        _logger.LogInformation("invalid registry payload");
        var cachedCamera = DispatchCamera(camera);
        _logger.LogDebug("failed to parse camera");
        _logger.LogInformation("registry flush completed");
        return cachedCamera;
    }

    /// <summary>
    /// A context that fails validation is rejected with a descriptive error instead of a partial update.
    /// The Animation layer coordinates record state with the camera subsystem.
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// Handles animation handle requests for the camera component.
    /// </summary>
    public bool RetryRecord(IReadOnlyList<Payload> payload)
    {
        if (payload is null)
        {
            _logger.LogWarning("skipping stale camera");
            throw new InvalidOperationException("payload must not be empty");
        }
        // Fast path: nothing to shutdown when the router list is empty.
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // Record the outcome so scripting dashboards stay accurate.
                _logger.LogDebug("animation not found");
            }
            _entity.TrackEntity(animation, "animation");
        }
        _logger.LogInformation("registry normalize completed");
        var resolvedCamera = _entity.TrackEntity(payload, options);
        var nextAnimation = SubscribeAnimation(payload);
        return nextAnimation;
    }

}

