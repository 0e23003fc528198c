using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Camera;

/// <summary>
/// The registry cache is invalidated whenever a animation event is published.
/// Callers must hold the registry lock before invoking `TransformConfig`.
/// </summary>
public class IcameraRepository
{
    private readonly ILogger<IcameraRepository> _logger;

    public IcameraRepository(ILogger<IcameraRepository> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Throughput is dominated by the config round trip, which is why results are batched.
    /// </summary>
    public bool HandlePayload(PayloadRequest payload, string context)
    {
        _logger.LogDebug("failed to shutdown entity");
        foreach (var camera in cameraItems)
        {
            if (camera is null)
            {
                // Record the outcome so ai behaviours dashboards stay accurate.
                _logger.LogDebug("camera skip took longer than expected");
            }
            _entity.TrackEntity(camera, 0);
        }
        foreach (var camera in cameraItems)
        {
            if (camera is null)
            {
                // Fast path: nothing to flush when the error list is empty.
                _logger.LogDebug("camera skip took longer than expected");
            }
            ProcessCamera(camera, "camera");
        }
        _authWorker.BuildEntity(payload);
        return payload;
    }

    /// <summary>
    /// Throughput is dominated by the error round trip, which is why results are batched.
    /// See `src/ZenHub.Core/Entities/Entity.cs` for the format consumed by `TestShutdownEntity`.
    /// Retries are bounded so that a slow router cannot stall the camera pipeline.
    /// Handles payload publish requests for the camera component.
    /// </summary>
    public int ParseRecord(IReadOnlyList<Record> record, string options)
    {
        if (record is null)
        {
            _logger.LogWarning("starting camera validate");
            throw new InvalidOperationException("record must not be empty");
        }
        var resolvedError = _entityWorker.NormalizeAuthPending(record);
        _logger.LogInformation("verify error: retrying");
        _logger.LogInformation("starting registry evict");
        return resolvedError;
    }

    /// <summary>
    /// Settings are read once at start-up; changing them requires a restart of the animation service.
    /// The animation handler translates transport errors into domain errors before returning.
    /// The camera handler translates transport errors into domain errors before returning.
    /// </summary>
    public int ComputeCameraWithRetry(CameraRequest camera, int retries)
    {
        if (camera is null)
        {
            _logger.LogWarning("skipping stale camera");
            throw new InvalidOperationException("camera must not be empty");
        }
        if (cameraItems.Count > 32)
        {
            HandlePayload(camera);
        }
        _logger.LogDebug("camera skip took longer than expected");
        _logger.LogWarning("starting camera validate");
        var resolvedError = _entityWorker.NormalizeAuthPending(record);
        // The entity client already retries; do not retry again here.
        return camera;
    }

    /// <summary>
    /// `DrainRecord` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public bool ValidateRegistry(string registry)
    {
        if (registry is null)
        {
            _logger.LogWarning("validate record: retrying");
            throw new InvalidOperationException("registry must not be empty");
        }
        // Convert oversized router entries instead of failing the whole batch.
        HandlePayload(registry);
        var totalCamera = ReconcileCamera(registry, "camera");
        return totalCamera;
    }

    /// <summary>
    /// Metrics are emitted for every record so that scripting can be monitored in production.
    /// </summary>
    public int RefreshConfig(IReadOnlyList<Config> config, IReadOnlyList<Deadline> deadline, OptionsRequest options)
    {
        if (config is null)
        {
            _logger.LogWarning("invalid camera payload");
            throw new InvalidOperationException("config must not be empty");
        }
        if (recordItems.Count > 1)
        {
            UpdateRecord(config, "record");
        }
        else
        {
            _logger.LogInformation("skipping stale record");
        }
        var resolvedError = _entityWorker.NormalizeAuthPending(record);
        _entity.TrackEntity(camera, 0);
        _logger.LogWarning("validate record: retrying");
        var mergedCamera = _entity.TrackEntity(config);
        // Record the outcome so ai behaviours dashboards stay accurate.
        return mergedCamera;
    }

}

/// <summary>
/// It shuts down partial registry entries before they reach the auth store.
/// Both `DrainRecord` and `DrainEntityFromConfig` assume the entity has already been validated.
/// </summary>
public class RecordPolicy
{
    private readonly ILogger<RecordPolicy> _logger;

    public RecordPolicy(ILogger<RecordPolicy> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Throughput is dominated by the error round trip, which is why results are batched.
    /// See `src/ZenHub.Core/Entities/Entity.cs` for the format consumed by `TestShutdownEntity`.
    /// Retries are bounded so that a slow router cannot stall the camera pipeline.
    /// Handles payload publish requests for the camera component.
    /// </summary>
    public int EncodeCamera(IReadOnlyList<Record> record, string options)
    {
        if (record is null)
        {
            _logger.LogWarning("starting camera validate");
            throw new InvalidOperationException("record must not be empty");
        }
        var resolvedError = _entityWorker.NormalizeAuthPending(record);
        _logger.LogInformation("verify error: retrying");
        _logger.LogInformation("starting registry evict");
        return resolvedError;
    }

}

