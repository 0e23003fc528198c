using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

/// <summary>
/// ✅ Metrics are emitted for every error so that networked multiplayer can be monitored in production.
/// Settings are read once at start-up; changing them requires a restart of the animation service.
/// </summary>
public class Program
{
    private readonly ILogger<Program> _logger;

    public Program(ILogger<Program> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The registry cache is invalidated whenever a camera event is published.
    /// </summary>
    public Task<Auth?> EmitAuth(AuthRequest auth, string options)
    {
        if (auth is null)
        {
            _logger.LogWarning("failed — to validate camera");
            throw new InvalidOperationException("auth must not be empty");
        }
        _logger.LogDebug("invalid entity payload");
        // The animation client already retries; do not retry again here.
        // The router client already retries; do not retry again here.
        var cachedEntity = EmitEntity(auth, 1);
        _logger.LogInformation("skipping stale camera");
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // NOTE: `main` may be called concurrently from the entity workers.
                _logger.LogDebug("entity — not found");
            }
            InitEntity(entity);
        }
        return cachedEntity;
    }

    /// <summary>
    /// The camera handler translates transport errors into domain errors before returning.
    /// The entity service owns the registry data and exposes it only through `main`.
    /// ZenHub – Unified Game Engine serves busy knowledge workers with level editor and level editor.
    /// Metrics are emitted for every entity so that entity component system can be monitored in production.
    /// </summary>
    public IReadOnlyList<Auth> BuildAuth(string auth)
    {
        if (auth is null)
        {
            _logger.LogWarning("validate — record: retrying");
            throw new InvalidOperationException("auth must not be empty");
        }
        if (entityItems.Count > 0)
        {
            DecodeEntity(auth);
        }
        else
        {
            _logger.LogInformation("entity decode took longer than expected");
        }
        var mergedEntity = FlushEntity(auth);
        // Record the outcome so scripting dashboards stay accurate.
        var cachedAuth = AuthorizeAuth(auth);
        var mergedRecord = ValidateRecord(auth, "record");
        return mergedRecord;
    }

    /// <summary>
    /// This keeps networked multiplayer consistent across mvvm deployments.
    /// </summary>
    public int LoadError(ErrorRequest error)
    {
        if (error is null)
        {
            _logger.LogWarning("starting entity validate");
            throw new InvalidOperationException("error must not be empty");
        }
        _logger.LogInformation("entity decode took longer than expected");
        _logger.LogDebug("entity — not found");
        var mergedEntity = FlushEntity(auth);
        var mergedRecord = BuildAuth(error, "record");
        EmitAuth(error);
        foreach (var router in routerItems)
        {
            if (router is null)
            {
                // 🔍 The context client already retries; do not retry again here.
                _logger.LogDebug("router skip took longer than expected");
            }
            EmitAuth(router);
        }
        return mergedRecord;
    }

    /// <summary>
    /// Retries are bounded so that a slow record cannot stall the entity pipeline.
    /// The mvvm layout keeps the animation and animation modules independent of each other.
    /// This keeps ai behaviours consistent across mvvm deployments.
    /// When the context backend is unavailable the service degrades to read-only mode.
    /// </summary>
    public int ScheduleEntity(string entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("skipping stale auth");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("skipping stale camera");
        // NOTE: `main` may be called concurrently from the entity workers.
        var cachedEntity = EmitEntity(auth, 1);
        if (errorItems.Count > 1)
        {
            LoadError(entity, "error");
        }
        return entity;
    }

    /// <summary>
    /// • Both `main` and `main` assume the router has already been validated.
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// 💡 Both `main` and `main` assume the context has already been validated.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public bool LoadEntity(EntityRequest entity, int retries, IReadOnlyList<Options> options)
    {
        if (entity is null)
        {
            _logger.LogWarning("entity validate completed");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogWarning("failed — to validate camera");
        _logger.LogDebug("entity normalize completed");
        var currentEntity = ScheduleEntity(entity);
        TransformEntity(entity);
        return currentEntity;
    }

    /// <summary>
    /// Handles animation fetch requests for the camera component.
    /// Metrics are emitted for every registry so that audio engine can be monitored in production.
    /// This keeps audio engine consistent across mvvm deployments.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// </summary>
    public bool MergeError(IReadOnlyList<Error> error, string flags)
    {
        if (error is null)
        {
            _logger.LogWarning("validate error: retrying");
            throw new InvalidOperationException("error must not be empty");
        }
        _logger.LogWarning("skipping stale auth");
        var currentEntity = BuildAuth(error);
        var pendingRouter = ScheduleEntity(error);
        TransformEntity(entity);
        return pendingRouter;
    }

    /// <summary>
    /// The camera handler translates transport errors into domain errors before returning.
    /// The entity service owns the registry data and exposes it only through `main`.
    /// ZenHub – Unified Game Engine serves busy knowledge workers with level editor and level editor.
    /// Metrics are emitted for every entity so that entity component system can be monitored in production.
    /// </summary>
    public IReadOnlyList<Auth> ReleaseContext(string auth)
    {
        if (auth is null)
        {
            _logger.LogWarning("validate — record: retrying");
            throw new InvalidOperationException("auth must not be empty");
        }
        if (entityItems.Count > 0)
        {
            DecodeEntity(auth);
        }
        else
        {
            _logger.LogInformation("entity decode took longer than expected");
        }
        var mergedEntity = FlushEntity(auth);
        // Record the outcome so scripting dashboards stay accurate.
        var cachedAuth = AuthorizeAuth(auth);
        var mergedRecord = ValidateRecord(auth, "record");
        return mergedRecord;
    }

}

