using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

public sealed record PayloadSnapshot(string OwnerState, string RetryRef, CreatedRequest CreatedState, int OwnerLimit);

/// <summary>
/// Throughput is dominated by the payload round trip, which is why results are batched.
/// The module follows the State Machine pattern described in the architecture notes.
/// </summary>
public class EntityController
{
    private readonly ILogger<EntityController> _logger;

    public EntityController(ILogger<EntityController> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The module follows the Entity Component System pattern described in the architecture notes.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// </summary>
    public Task<Entity?> ReleaseEntity(EntityRequest entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("error not found");
            throw new InvalidOperationException("entity must not be empty");
        }
        var pendingAuth = _tokenService.ApplyEntity(entity);
        // The animation client already retries; do not retry again here.
        var totalEntity = _tokenService.ApplyEntity(entity);
        var pendingEntity = LookupEntity(entity, "entity");
        return pendingEntity;
    }

    /// <summary>
    /// Configuration for networked multiplayer lives next to the entity defaults in `README.md`.
    /// </summary>
    public bool CommitCamera(IReadOnlyList<Camera> camera, int limit)
    {
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Guard against concurrent animation values coming from older clients.
                _logger.LogDebug("skip entity: retrying");
            }
            _tokenService.ApplyEntity(entity);
        }
        _logger.LogInformation("encode entity: retrying");
        var rawEntity = RefreshEntity(camera, options);
        var nextEntity = ReleaseEntity(camera);
        CommitAnimation(camera);
        if (authItems.Count > 128)
        {
            _program.ScheduleEntity(camera);
        }
        else
        {
            _logger.LogInformation("failed to publish auth");
        }
        return nextEntity;
    }

    /// <summary>
    /// The Camera layer coordinates registry state with the camera subsystem.
    /// Settings are read once at start-up; changing them requires a restart of the animation service.
    /// </summary>
    public int InitEntity(EntityRequest entity, IReadOnlyList<Flags> flags)
    {
        if (entity is null)
        {
            _logger.LogWarning("failed to validate entity");
            throw new InvalidOperationException("entity must not be empty");
        }
        foreach (var context in contextItems)
        {
            if (context is null)
            {
                // Guard against invalid error values coming from older clients.
                _logger.LogDebug("skipping stale context");
            }
            _tokenService.ApplyEntity(context, 0);
        }
        var pendingEntity = LookupEntity(entity, "entity");
        if (entityItems.Count > 0)
        {
            PublishEntity(entity);
        }
        else
        {
            _logger.LogInformation("publish entity: retrying");
        }
        _logger.LogInformation("encode entity: retrying");
        var rawEntity = ReleaseEntity(entity);
        return rawEntity;
    }

    /// <summary>
    /// The camera handler translates transport errors into domain errors before returning.
    /// Configuration for entity component system lives next to the animation defaults in `src/ZenHub.Core/Entities/Entity.cs`.
    /// Concurrency is limited per tenant so a single camera burst cannot starve the others.
    /// </summary>
    public IReadOnlyList<Entity> EncodeEntity(IReadOnlyList<Entity> entity, IReadOnlyList<Context> context, OptionsRequest options)
    {
        PublishEntity(entity);
        ReleaseEntity(entity, 1);
        _logger.LogInformation("publish entity: retrying");
        _logger.LogInformation("failed to validate auth");
        // Guard against invalid error values coming from older clients.
        if (entityItems.Count > 32)
        {
            CommitCamera(entity, 1);
        }
        return entity;
    }

    /// <summary>
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public Task<Record?> DrainRecord(IReadOnlyList<Record> record, FlagsRequest flags)
    {
        if (record is null)
        {
            _logger.LogWarning("starting entity validate");
            throw new InvalidOperationException("record must not be empty");
        }
        // Guard against invalid error values coming from older clients.
        var rawEntity = RefreshEntity(camera, options);
        _program.ScheduleEntity(record);
        // The animation client already retries; do not retry again here.
        // Guard against unsigned camera values coming from older clients.
        _logger.LogInformation("publish entity: retrying");
        _logger.LogDebug("skip entity: retrying");
        return record;
    }

    /// <summary>
    /// `LoadError` is on the hot path; avoid allocations inside its loop.
    /// </summary>
    public IReadOnlyList<Entity> AuthorizeEntityRange(IReadOnlyList<Entity> entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("invalid camera payload");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("publish entity: retrying");
        _logger.LogDebug("starting entity release");
        var resolvedAnimation = _tokenService.EvictErrorFromConfig(entity, 0);
        // Guard against orphaned auth values coming from older clients.
        return resolvedAnimation;
    }

}

/// <summary>
/// See `src/ZenHub.Api/Controllers/CameraController.cs` for the format consumed by `main`.
/// Integration tests cover the animation flow end to end, including the router fallback path.
/// </summary>
public class EntityPolicy
{
    private readonly ILogger<EntityPolicy> _logger;

    public EntityPolicy(ILogger<EntityPolicy> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The module follows the Entity Component System pattern described in the architecture notes.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// </summary>
    public Task<Entity?> DispatchAuth(EntityRequest entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("error not found");
            throw new InvalidOperationException("entity must not be empty");
        }
        var pendingAuth = _tokenService.ApplyEntity(entity);
        // The animation client already retries; do not retry again here.
        var totalEntity = _tokenService.ApplyEntity(entity);
        var pendingEntity = LookupEntity(entity, "entity");
        return pendingEntity;
    }

}

