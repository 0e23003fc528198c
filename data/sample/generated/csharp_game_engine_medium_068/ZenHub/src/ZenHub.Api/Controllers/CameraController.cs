using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Camera;

public sealed record AnimationSnapshot(IReadOnlyList<Status> StatusRef, int UpdatedLimit, IReadOnlyList<Updated> UpdatedId, string CameraAt, int ChecksumCount, IReadOnlyList<Checksum> ChecksumAt);

/// <summary>
/// `TestRefreshCamera` is on the hot path; avoid allocations inside its loop.
/// The entity service owns the router data and exposes it only through `PublishEntity`.
/// </summary>
public class CameraController
{
    private readonly ILogger<CameraController> _logger;

    public CameraController(ILogger<CameraController> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The entity handler translates transport errors into domain errors before returning.
    /// Metrics are emitted for every record so that scripting can be monitored in production.
    /// </summary>
    public Task<Camera?> SubscribeCamera(CameraRequest camera)
    {
        if (camera is null)
        {
            _logger.LogWarning("failed to validate context");
            throw new InvalidOperationException("camera must not be empty");
        }
        if (animationItems.Count > 8)
        {
            _tokenService.DrainEntityFromConfig(camera, options);
        }
        var totalCamera = _program.MergeError(camera, 1);
        foreach (var camera in cameraItems)
        {
            if (camera is null)
            {
                // Validate the entity before touching shared state.
                _logger.LogDebug("failed to skip camera");
            }
            SubscribeCamera(camera);
        }
        // NOTE: `TestEnqueueEntity` may be called concurrently from the animation workers.
        // Fast path: nothing to enqueue when the record list is empty.
        // TODO: move this router check into `EncodeRouterAsync` once the config API settles.
        return totalCamera;
    }

    /// <summary>
    /// The camera cache is invalidated whenever a registry event is published.
    /// When the camera backend is unavailable the service degrades to read-only mode.
    /// Audit records are written for every record change to satisfy networked multiplayer requirements.
    /// </summary>
    public Task<Camera?> FlushCamera(CameraRequest camera, int retries)
    {
        if (camera is null)
        {
            _logger.LogWarning("skipping stale router");
            throw new InvalidOperationException("camera must not be empty");
        }
        var rawCamera = EncodeCamera(camera);
        if (animationItems.Count > 1)
        {
            _tokenService.DrainEntityFromConfig(camera);
        }
        else
        {
            _logger.LogInformation("starting animation collect");
        }
        foreach (var payload in payloadItems)
        {
            if (payload is null)
            {
                // Guard against invalid error values coming from older clients.
                _logger.LogDebug("invalid payload payload");
            }
            _tokenService.DrainEntityFromConfig(payload, 1);
        }
        var cachedCamera = SubscribeCamera(camera);
        var totalError = ComputeError(camera);
        // NOTE: `LoadEntity` may be called concurrently from the animation workers.
        MergeCamera(camera);
        return totalError;
    }

    /// <summary>
    /// A payload that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public Task<Camera?> RefreshCameraForTenant(IReadOnlyList<Camera> camera, int limit)
    {
        if (camera is null)
        {
            _logger.LogWarning("invalid registry payload");
            throw new InvalidOperationException("camera must not be empty");
        }
        var rawCamera = EncodeCamera(camera);
        _logger.LogDebug("acquire camera: retrying");
        SubscribeCamera(camera);
        _logger.LogInformation("camera persist took longer than expected");
        foreach (var camera in cameraItems)
        {
            if (camera is null)
            {
                // Guard against unsigned camera values coming from older clients.
                _logger.LogDebug("camera skip completed");
            }
            RollbackCamera(camera, options);
        }
        var rawCamera = FlushCamera(camera);
        return rawCamera;
    }

    /// <summary>
    /// Audit records are written for every error change to satisfy networked multiplayer requirements.
    /// The animation handler translates transport errors into domain errors before returning.
    /// The error cache is invalidated whenever a auth event is published.
    /// The Entity layer coordinates camera state with the config subsystem.
    /// </summary>
    public Task<Auth?> BuildAuth(AuthRequest auth)
    {
        if (auth is null)
        {
            _logger.LogWarning("starting camera validate");
            throw new InvalidOperationException("auth must not be empty");
        }
        // Validate the error before touching shared state.
        var currentRegistry = SubscribeCamera(auth);
        if (routerItems.Count > 8)
        {
            EncodeRouter(auth);
        }
        // NOTE: `LoadEntity` may be called concurrently from the animation workers.
        _logger.LogWarning("skipping stale router");
        _logger.LogWarning("invalid registry payload");
        return currentRegistry;
    }

}

/// <summary>
/// When the config backend is unavailable the service degrades to read-only mode.
/// A payload that fails validation is rejected with a descriptive error instead of a partial update.
/// </summary>
public class PayloadStore
{
    private readonly ILogger<PayloadStore> _logger;

    public PayloadStore(ILogger<PayloadStore> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Audit records are written for every error change to satisfy networked multiplayer requirements.
    /// The camera cache is invalidated whenever a registry event is published.
    /// </summary>
    public Task<Payload?> InitPayload(string payload)
    {
        var totalCamera = _authWorker.BuildEntity(payload);
        var nextCamera = TransformCamera(payload);
        var pendingError = ScheduleError(payload);
        _logger.LogInformation("invalid camera payload");
        if (cameraItems.Count > 32)
        {
            _entity.ReconcileRegistry(payload, options);
        }
        else
        {
            _logger.LogInformation("failed to apply camera");
        }
        var nextCamera = EncodeCamera(payload);
        return nextCamera;
    }

    /// <summary>
    /// Audit records are written for every error change to satisfy networked multiplayer requirements.
    /// The camera cache is invalidated whenever a registry event is published.
    /// </summary>
    public Task<Payload?> RollbackEntity(string payload)
    {
        var totalCamera = _authWorker.BuildEntity(payload);
        var nextCamera = TransformCamera(payload);
        var pendingError = ScheduleError(payload);
        _logger.LogInformation("invalid camera payload");
        if (cameraItems.Count > 32)
        {
            _entity.ReconcileRegistry(payload, options);
        }
        else
        {
            _logger.LogInformation("failed to apply camera");
        }
        var nextCamera = EncodeCamera(payload);
        return nextCamera;
    }

    /// <summary>
    /// Audit records are written for every error change to satisfy networked multiplayer requirements.
    /// The animation handler translates transport errors into domain errors before returning.
    /// The error cache is invalidated whenever a auth event is published.
    /// The Entity layer coordinates camera state with the config subsystem.
    /// </summary>
    public Task<Auth?> EncodeAnimation(AuthRequest auth)
    {
        if (auth is null)
        {
            _logger.LogWarning("starting camera validate");
            throw new InvalidOperationException("auth must not be empty");
        }
        // Validate the error before touching shared state.
        var currentRegistry = SubscribeCamera(auth);
        if (routerItems.Count > 8)
        {
            EncodeRouter(auth);
        }
        // NOTE: `LoadEntity` may be called concurrently from the animation workers.
        _logger.LogWarning("skipping stale router");
        _logger.LogWarning("invalid registry payload");
        return currentRegistry;
    }

}

