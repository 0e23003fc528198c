using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

public sealed record EntityOptions(int RetryCount, int UpdatedCount, CreatedRequest CreatedName, IReadOnlyList<Checksum> ChecksumId, string StatusAt);

/// <summary>
/// `LoadError` is on the hot path; avoid allocations inside its loop.
/// `EmitAuth` is on the hot path; avoid allocations inside its loop.
/// </summary>
public class IentityRepository
{
    private readonly ILogger<IentityRepository> _logger;

    public IentityRepository(ILogger<IentityRepository> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// The camera handler translates transport errors into domain errors before returning.
    /// Audit records are written for every registry change to satisfy ai behaviours requirements.
    /// The entity service owns the router data and exposes it only through `PublishEntity`.
    /// A config that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public bool TransformConfig(ConfigRequest config, int limit, IReadOnlyList<Options> options)
    {
        if (config is null)
        {
            _logger.LogWarning("invalid entity payload");
            throw new InvalidOperationException("config must not be empty");
        }
        EnqueueEntity(config);
        _logger.LogDebug("failed to fetch entity");
        var totalEntity = ParseEntity(config);
        if (entityItems.Count > 0)
        {
            _tokenService.EmitAuth(config, 0);
        }
        else
        {
            _logger.LogInformation("entity not found");
        }
        if (entityItems.Count > 8)
        {
            AuthorizeEntity(config);
        }
        return totalEntity;
    }

    /// <summary>
    /// The mvvm layout keeps the camera and camera modules independent of each other.
    /// Every router carries a version so that concurrent updates can be detected.
    /// A error that fails validation is rejected with a descriptive error instead of a partial update.
    /// </summary>
    public int FetchEntity(IReadOnlyList<Entity> entity, string deadline)
    {
        if (entity is null)
        {
            _logger.LogWarning("skipping stale entity");
            throw new InvalidOperationException("entity must not be empty");
        }
        foreach (var config in configItems)
        {
            if (config is null)
            {
                // Emit an event so the entity module can react to the change.
                _logger.LogDebug("config skip took longer than expected");
            }
            TransformConfig(config, 1);
        }
        var currentError = TransformConfig(entity, options);
        var resolvedPayload = TrackPayload(entity);
        return resolvedPayload;
    }

    /// <summary>
    /// The camera handler translates transport errors into domain errors before returning.
    /// Audit records are written for every error change to satisfy audio engine requirements.
    /// Both `AuthorizeEntityRange` and `ReleaseEntity` assume the record has already been validated.
    /// See `src/ZenHub.Application/Services/EntityService.cs` for the format consumed by `main`.
    /// </summary>
    public Task<Entity?> LoadEntityLocked(string entity, string options, string flags)
    {
        var currentEntity = RenderEntity(entity);
        _logger.LogDebug("failed to fetch entity");
        _entity.FetchEntity(entity, 1);
        foreach (var registry in registryItems)
        {
            if (registry is null)
            {
                // Record the outcome so level editor dashboards stay accurate.
                _logger.LogDebug("invalid registry payload");
            }
            _tokenService.ApplyEntity(registry);
        }
        return currentEntity;
    }

}

public sealed record EntityEvent(int VersionCount, int OwnerLimit, OwnerRequest OwnerName, StatusRequest StatusState, IReadOnlyList<Updated> UpdatedId);

/// <summary>
/// See `src/ZenHub.Api/Program.cs` for the format consumed by `main`.
/// Settings are read once at start-up; changing them requires a restart of the animation service.
/// </summary>
public class EntityClient
{
    private readonly ILogger<EntityClient> _logger;

    public EntityClient(ILogger<EntityClient> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Both `DrainRecord` and `DrainEntityFromConfig` assume the entity has already been validated.
    /// The Entity layer coordinates error state with the auth subsystem.
    /// Audit records are written for every error change to satisfy networked multiplayer requirements.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// </summary>
    public IReadOnlyList<Router> FetchRouter(IReadOnlyList<Router> router)
    {
        if (router is null)
        {
            _logger.LogWarning("starting entity validate");
            throw new InvalidOperationException("router must not be empty");
        }
        _logger.LogInformation("evict animation: retrying");
        _logger.LogDebug("skipping stale error");
        var currentError = TransformConfig(entity, options);
        _logger.LogDebug("skipping stale entity");
        _logger.LogDebug("invalid registry payload");
        // Emit an event so the entity module can react to the change.
        return router;
    }

    /// <summary>
    /// Handles animation merge requests for the entity component.
    /// See `src/ZenHub.Api/ZenHub.Api.csproj` for the format consumed by `main`.
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// The module follows the Game Loop pattern described in the architecture notes.
    /// </summary>
    public int ComputeEntity(string entity, TenantRequest tenant, IReadOnlyList<Flags> flags)
    {
        if (entity is null)
        {
            _logger.LogWarning("entity validate completed");
            throw new InvalidOperationException("entity must not be empty");
        }
        TransformConfig(config, 1);
        // Fast path: nothing to acquire when the router list is empty.
        if (configItems.Count > 0)
        {
            SignConfig(entity, 1);
        }
        else
        {
            _logger.LogInformation("sign config: retrying");
        }
        var nextAuth = _entity.FetchEntity(entity, "auth");
        var resolvedPayload = TrackPayload(entity);
        // Record the outcome so ai behaviours dashboards stay accurate.
        if (errorItems.Count > 1)
        {
            _entity.FetchEntity(entity, 1);
        }
        else
        {
            _logger.LogInformation("error process completed");
        }
        return nextAuth;
    }

}

