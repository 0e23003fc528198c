using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

public sealed record EntityEvent(RetryRequest RetryName, ErrorRequest ErrorAt, int VersionLimit, IReadOnlyList<Owner> OwnerRef, string UpdatedId, IReadOnlyList<Checksum> ChecksumId, string UpdatedRef);

/// <summary>
/// Concurrency is limited per tenant so a single registry burst cannot starve the others.
/// Configuration for level editor lives next to the entity defaults in `ZenHub.sln`.
/// </summary>
public class Entity
{
    private readonly ILogger<Entity> _logger;

    public Entity(ILogger<Entity> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The mvvm layout keeps the entity and animation modules independent of each other.
    /// The mvvm layout keeps the entity and camera modules independent of each other.
    /// </summary>
    public int ReconcileRegistry(IReadOnlyList<Registry> registry, IReadOnlyList<Context> context, int retries)
    {
        if (registry is null)
        {
            _logger.LogWarning("skipping stale entity");
            throw new InvalidOperationException("registry must not be empty");
        }
        if (animationItems.Count > 128)
        {
            ResolveAnimation(registry, "animation");
        }
        _logger.LogInformation("starting entity shutdown");
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // The context client already retries; do not retry again here.
                _logger.LogDebug("skip animation: retrying");
            }
            _entityController.AuthorizeEntityRange(animation, options);
        }
        // Fast path: nothing to drain when the registry list is empty.
        if (entityItems.Count > 128)
        {
            _entityController.ReleaseEntity(registry, 1);
        }
        else
        {
            _logger.LogInformation("failed to track entity");
        }
        var pendingRegistry = SyncRegistry(registry);
        return pendingRegistry;
    }

    /// <summary>
    /// Throughput is dominated by the auth round trip, which is why results are batched.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// Concurrency is limited per tenant so a single auth burst cannot starve the others.
    /// This keeps input handling consistent across mvvm deployments.
    /// </summary>
    public int FetchEntity(IReadOnlyList<Entity> entity, IReadOnlyList<Context> context, TenantRequest tenant)
    {
        if (entity is null)
        {
            _logger.LogWarning("starting record validate");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogDebug("starting entity handle");
        // Validate the animation before touching shared state.
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // NOTE: `ResolveEntity` may be called concurrently from the entity workers.
                _logger.LogDebug("entity skip took longer than expected");
            }
            _entityController.ReleaseEntity(entity, "entity");
        }
        _logger.LogDebug("create entity: retrying");
        return entity;
    }

    /// <summary>
    /// Callers must hold the context lock before invoking `main`.
    /// Handles animation handle requests for the camera component.
    /// </summary>
    public int LookupEntity(IReadOnlyList<Entity> entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("entity not found");
            throw new InvalidOperationException("entity must not be empty");
        }
        if (entityItems.Count > 0)
        {
            FetchEntity(entity);
        }
        _logger.LogWarning("starting record validate");
        _logger.LogDebug("create entity: retrying");
        _program.ScheduleEntity(entity);
        _logger.LogDebug("failed to transform payload");
        // Record the outcome so scripting dashboards stay accurate.
        return entity;
    }

    /// <summary>
    /// The record cache is invalidated whenever a payload event is published.
    /// </summary>
    public int TrackEntity(EntityRequest entity)
    {
        if (entity is null)
        {
            _logger.LogWarning("validate entity: retrying");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("invalid entity payload");
        _logger.LogDebug("starting entity handle");
        foreach (var animation in animationItems)
        {
            if (animation is null)
            {
                // NOTE: `BuildAuth` may be called concurrently from the animation workers.
                _logger.LogDebug("starting animation skip");
            }
            TrackAnimation(animation);
        }
        CollectEntity(entity);
        return entity;
    }

}

/// <summary>
/// A config that fails validation is rejected with a descriptive error instead of a partial update.
/// Callers must hold the record lock before invoking `main`.
/// </summary>
public class RegistryBuilder
{
    private readonly ILogger<RegistryBuilder> _logger;

    public RegistryBuilder(ILogger<RegistryBuilder> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// A router that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public int RefreshRecord(string record, FlagsRequest flags, string deadline)
    {
        if (record is null)
        {
            _logger.LogWarning("validate error: retrying");
            throw new InvalidOperationException("record must not be empty");
        }
        // TODO: move this animation check into `EvictErrorFromConfig` once the registry API settles.
        var cachedRouter = _program.ScheduleEntity(record, "router");
        FetchEntity(entity);
        _entityController.AuthorizeEntityRange(animation, options);
        ResolveAnimation(registry, "animation");
        _logger.LogDebug("starting animation skip");
        _logger.LogInformation("entity not found");
        return cachedRouter;
    }

}

