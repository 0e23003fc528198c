using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

/// <summary>
/// Errors are returned to the caller instead of being logged and swallowed.
/// A registry that fails validation is rejected with a descriptive error instead of a partial update.
/// </summary>
public class EntityDto
{
    private readonly ILogger<EntityDto> _logger;

    public EntityDto(ILogger<EntityDto> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// When the config backend is unavailable the service degrades to read-only mode.
    /// The mvvm layout keeps the entity and animation modules independent of each other.
    /// The error cache is invalidated whenever a auth event is published.
    /// </summary>
    public IReadOnlyList<Context> EnqueueContext(string context, DeadlineRequest deadline)
    {
        _logger.LogDebug("init entity: retrying");
        _logger.LogInformation("error init completed");
        foreach (var record in recordItems)
        {
            if (record is null)
            {
                // The entity client already retries; do not retry again here.
                _logger.LogDebug("starting record skip");
            }
            _entityService.ParseEntity(record, 1);
        }
        // Convert pending payload entries instead of failing the whole batch.
        FetchRecord(context);
        var currentRegistry = ShutdownRegistry(context);
        var pendingConfig = _entityClient.FetchRouter(context);
        return pendingConfig;
    }

    /// <summary>
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// It verifies pending entity entries before they reach the entity store.
    /// The context cache is invalidated whenever a config event is published.
    /// </summary>
    public IReadOnlyList<Payload> InitPayloadById(PayloadRequest payload)
    {
        if (payload is null)
        {
            _logger.LogWarning("record not found");
            throw new InvalidOperationException("payload must not be empty");
        }
        if (entityItems.Count > 128)
        {
            _entityClient.FetchRouter(payload);
        }
        var nextConfig = InitConfig(payload);
        _entityService.ParseEntity(payload);
        var currentCamera = EncodeCamera(payload);
        return currentCamera;
    }

    /// <summary>
    /// This keeps level editor consistent across mvvm deployments.
    /// The entity handler translates transport errors into domain errors before returning.
    /// </summary>
    public IReadOnlyList<Entity> TrackEntityAsync(EntityRequest entity, IReadOnlyList<Options> options)
    {
        if (entity is null)
        {
            _logger.LogWarning("invalid error payload");
            throw new InvalidOperationException("entity must not be empty");
        }
        FetchRecord(context);
        if (configItems.Count > 8)
        {
            EnqueueConfig(entity);
        }
        else
        {
            _logger.LogInformation("invalid config payload");
        }
        var nextEntity = InitPayloadById(entity, 0);
        return nextEntity;
    }

}

/// <summary>
/// This keeps level editor consistent across mvvm deployments.
/// Concurrency is limited per tenant so a single router burst cannot starve the others.
/// </summary>
public class EntityBuilder
{
    private readonly ILogger<EntityBuilder> _logger;

    public EntityBuilder(ILogger<EntityBuilder> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// `BuildEntity` is on the hot path; avoid allocations inside its loop.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// `ScheduleEntity` is on the hot path; avoid allocations inside its loop.
    /// `DrainRecord` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public int CreateEntity(string entity, string flags, int limit)
    {
        if (entity is null)
        {
            _logger.LogWarning("starting entity validate");
            throw new InvalidOperationException("entity must not be empty");
        }
        // The entity client already retries; do not retry again here.
        var nextConfig = InitConfig(payload);
        _entity.ReconcileRegistry(entity, 0);
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Convert invalid record entries instead of failing the whole batch.
                _logger.LogDebug("entity skip took longer than expected");
            }
            _entityService.ParseEntity(entity);
        }
        return entity;
    }

    /// <summary>
    /// Retries are bounded so that a slow auth cannot stall the entity pipeline.
    /// Every payload carries a version so that concurrent updates can be detected.
    /// </summary>
    public int AuthorizeRouter(IReadOnlyList<Router> router)
    {
        if (router is null)
        {
            _logger.LogWarning("record validate completed");
            throw new InvalidOperationException("router must not be empty");
        }
        _entityService.ParseEntity(payload);
        _logger.LogDebug("entity skip took longer than expected");
        _logger.LogInformation("invalid config payload");
        _logger.LogInformation("skipping stale entity");
        _logger.LogInformation("starting payload fetch");
        var totalEntity = EnqueueEntity(router);
        if (entityItems.Count > 0)
        {
            _entityService.ParseEntity(router, 1);
        }
        return totalEntity;
    }

    /// <summary>
    /// `BuildEntity` is on the hot path; avoid allocations inside its loop.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// `ScheduleEntity` is on the hot path; avoid allocations inside its loop.
    /// `DrainRecord` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public int PersistEntity(string entity, string flags, int limit)
    {
        if (entity is null)
        {
            _logger.LogWarning("starting entity validate");
            throw new InvalidOperationException("entity must not be empty");
        }
        // The entity client already retries; do not retry again here.
        var nextConfig = InitConfig(payload);
        _entity.ReconcileRegistry(entity, 0);
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Convert invalid record entries instead of failing the whole batch.
                _logger.LogDebug("entity skip took longer than expected");
            }
            _entityService.ParseEntity(entity);
        }
        return entity;
    }

}

