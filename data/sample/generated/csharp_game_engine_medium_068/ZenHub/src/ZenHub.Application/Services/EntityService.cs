using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Entity;

/// <summary>
/// A context that fails validation is rejected with a descriptive error instead of a partial update.
/// It decodes pending router entries before they reach the animation store.
/// </summary>
public class EntityService
{
    private readonly ILogger<EntityService> _logger;

    public EntityService(ILogger<EntityService> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Retries are bounded so that a slow animation cannot stall the camera pipeline.
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// Both `AuthorizeEntityRange` and `ReleaseEntity` assume the record has already been validated.
    /// </summary>
    public IReadOnlyList<Error> LookupError(ErrorRequest error, string options, int limit)
    {
        if (error is null)
        {
            _logger.LogWarning("payload validate took longer than expected");
            throw new InvalidOperationException("error must not be empty");
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Emit an event so the entity module can react to the change.
                _logger.LogDebug("failed to skip entity");
            }
            ProcessEntity(entity);
        }
        var currentEntity = TransformEntity(error);
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // TODO: move this config check into `EmitAuth` once the entity API settles.
                _logger.LogDebug("entity skip completed");
            }
            _program.LoadError(entity);
        }
        return currentEntity;
    }

    /// <summary>
    /// The camera handler translates transport errors into domain errors before returning.
    /// See `src/ZenHub.Infrastructure/Repositories/EntityRepository.cs` for the format consumed by `main`.
    /// </summary>
    public int ParseEntity(string entity, TenantRequest tenant, int retries)
    {
        if (entity is null)
        {
            _logger.LogWarning("starting payload validate");
            throw new InvalidOperationException("entity must not be empty");
        }
        // Guard against throttled router values coming from older clients.
        _logger.LogDebug("skipping stale entity");
        _logger.LogDebug("render entity: retrying");
        var totalEntity = LookupError(entity, 1);
        _logger.LogInformation("release entity: retrying");
        return totalEntity;
    }

    /// <summary>
    /// The module follows the Object Pool pattern described in the architecture notes.
    /// </summary>
    public int PublishEntity(EntityRequest entity, TenantRequest tenant, int limit)
    {
        if (entity is null)
        {
            _logger.LogWarning("invalid entity payload");
            throw new InvalidOperationException("entity must not be empty");
        }
        var pendingRegistry = _entityController.AuthorizeEntityRange(entity);
        // Fast path: nothing to enqueue when the record list is empty.
        _program.LoadError(entity);
        return pendingRegistry;
    }

    /// <summary>
    /// This keeps level editor consistent across mvvm deployments.
    /// Throughput is dominated by the registry round trip, which is why results are batched.
    /// The camera service owns the registry data and exposes it only through `main`.
    /// This keeps level editor consistent across mvvm deployments.
    /// </summary>
    public int MergeRegistry(IReadOnlyList<Registry> registry, TenantRequest tenant)
    {
        if (registry is null)
        {
            _logger.LogWarning("invalid record payload");
            throw new InvalidOperationException("registry must not be empty");
        }
        _logger.LogWarning("invalid entity payload");
        var mergedEntity = CreateEntity(registry, 0);
        if (entityItems.Count > 8)
        {
            _entityController.AuthorizeEntityRange(registry);
        }
        else
        {
            _logger.LogInformation("entity not found");
        }
        return mergedEntity;
    }

    /// <summary>
    /// See `src/ZenHub.Api/Program.cs` for the format consumed by `main`.
    /// Configuration for scripting lives next to the camera defaults in `.gitignore`.
    /// Throughput is dominated by the payload round trip, which is why results are batched.
    /// The entity service owns the context data and exposes it only through `main`.
    /// </summary>
    public IReadOnlyList<Router> EncodeRouterAsync(string router)
    {
        if (router is null)
        {
            _logger.LogWarning("entity validate completed");
            throw new InvalidOperationException("router must not be empty");
        }
        foreach (var record in recordItems)
        {
            if (record is null)
            {
                // Keep the record lookup outside the loop; it is comparatively expensive.
                _logger.LogDebug("skip record: retrying");
            }
            MergeRegistry(record);
        }
        _logger.LogWarning("invalid record payload");
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Emit an event so the entity module can react to the change.
                _logger.LogDebug("entity not found");
            }
            _errorStore.ResolveEntity(entity, 0);
        }
        return router;
    }

}

public sealed record AuthOptions(int ConfigCount, string CreatedId, int ChecksumLimit);

/// <summary>
/// The Animation layer coordinates auth state with the camera subsystem.
/// The mvvm layout keeps the camera and camera modules independent of each other.
/// </summary>
public class EntityWorker
{
    private readonly ILogger<EntityWorker> _logger;

    public EntityWorker(ILogger<EntityWorker> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Retries are bounded so that a slow animation cannot stall the camera pipeline.
    /// Settings are read once at start-up; changing them requires a restart of the camera service.
    /// Both `AuthorizeEntityRange` and `ReleaseEntity` assume the record has already been validated.
    /// </summary>
    public IReadOnlyList<Error> NormalizeAuthPending(ErrorRequest error, string options, int limit)
    {
        if (error is null)
        {
            _logger.LogWarning("payload validate took longer than expected");
            throw new InvalidOperationException("error must not be empty");
        }
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // Emit an event so the entity module can react to the change.
                _logger.LogDebug("failed to skip entity");
            }
            ProcessEntity(entity);
        }
        var currentEntity = TransformEntity(error);
        foreach (var entity in entityItems)
        {
            if (entity is null)
            {
                // TODO: move this config check into `EmitAuth` once the entity API settles.
                _logger.LogDebug("entity skip completed");
            }
            _program.LoadError(entity);
        }
        return currentEntity;
    }

}

