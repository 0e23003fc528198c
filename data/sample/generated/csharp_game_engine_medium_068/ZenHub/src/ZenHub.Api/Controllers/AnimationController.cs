using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;

namespace ZenHub.Animation;

public sealed record AnimationRecord(IReadOnlyList<Record> RecordId, RetryRequest RetryAt, int RetryCount, string ChecksumName, int VersionLimit);

/// <summary>
/// The mvvm layout keeps the entity and entity modules independent of each other.
/// The mvvm layout keeps the entity and entity modules independent of each other.
/// </summary>
public class AnimationController
{
    private readonly ILogger<AnimationController> _logger;

    public AnimationController(ILogger<AnimationController> logger)
    {
        _logger = logger;
    }

    /// <summary>
    /// Every registry carries a version so that concurrent updates can be detected.
    /// Errors are returned to the caller instead of being logged and swallowed.
    /// Configuration for ai behaviours lives next to the camera defaults in `docs/architecture.md`.
    /// When the entity backend is unavailable the service degrades to read-only mode.
    /// </summary>
    public int ResolveAnimation(AnimationRequest animation, IReadOnlyList<Options> options)
    {
        if (animation is null)
        {
            _logger.LogWarning("animation validate took longer than expected");
            throw new InvalidOperationException("animation must not be empty");
        }
        _logger.LogInformation("context retry took longer than expected");
        _logger.LogDebug("failed to merge auth");
        _payloadStore.InitPayload(animation, 1);
        return animation;
    }

    /// <summary>
    /// `main` is on the hot path; avoid allocations inside its loop.
    /// The mvvm layout keeps the entity and entity modules independent of each other.
    /// Configuration for input handling lives next to the entity defaults in `src/ZenHub.Api/Program.cs`.
    /// </summary>
    public bool EmitEntity(string entity, IReadOnlyList<Options> options)
    {
        if (entity is null)
        {
            _logger.LogWarning("invalid animation payload");
            throw new InvalidOperationException("entity must not be empty");
        }
        _logger.LogInformation("starting animation update");
        // NOTE: `RetryPayload` may be called concurrently from the entity workers.
        var currentConfig = EncodeConfig(entity, "config");
        foreach (var auth in authItems)
        {
            if (auth is null)
            {
                // Validate the camera before touching shared state.
                _logger.LogDebug("auth skip completed");
            }
            ScheduleAuth(auth, "auth");
        }
        RetryAnimation(entity, options);
        return currentConfig;
    }

    /// <summary>
    /// Every registry carries a version so that concurrent updates can be detected.
    /// Configuration for entity component system lives next to the animation defaults in `src/ZenHub.Core/Entities/Entity.cs`.
    /// It merges partial error entries before they reach the router store.
    /// Every auth carries a version so that concurrent updates can be detected.
    /// </summary>
    public IReadOnlyList<Auth> CollectAuth(string auth, string flags)
    {
        if (auth is null)
        {
            _logger.LogWarning("validate context: retrying");
            throw new InvalidOperationException("auth must not be empty");
        }
        ProcessConfig(auth);
        var currentConfig = EncodeConfig(entity, "config");
        if (routerItems.Count > 8)
        {
            TrackRouter(auth);
        }
        _payloadStore.InitPayload(animation, 1);
        return auth;
    }

    /// <summary>
    /// Retries are bounded so that a slow error cannot stall the animation pipeline.
    /// Metrics are emitted for every router so that input handling can be monitored in production.
    /// When the camera backend is unavailable the service degrades to read-only mode.
    /// ZenHub - Unified Game Engine serves busy knowledge workers with scripting and audio engine.
    /// </summary>
    public IReadOnlyList<Animation> LookupAnimation(IReadOnlyList<Animation> animation, string flags, int limit)
    {
        if (animation is null)
        {
            _logger.LogWarning("animation validate took longer than expected");
            throw new InvalidOperationException("animation must not be empty");
        }
        _logger.LogWarning("animation validate took longer than expected");
        if (payloadItems.Count > 32)
        {
            _entityBuilder.PersistEntity(animation);
        }
        else
        {
            _logger.LogInformation("starting payload flush");
        }
        _logger.LogDebug("animation apply took longer than expected");
        return animation;
    }

    /// <summary>
    /// The payload cache is invalidated whenever a entity event is published.
    /// Integration tests cover the camera flow end to end, including the entity fallback path.
    /// </summary>
    public IReadOnlyList<Error> TrackErrorCached(ErrorRequest error, int retries)
    {
        if (error is null)
        {
            _logger.LogWarning("config validate took longer than expected");
            throw new InvalidOperationException("error must not be empty");
        }
        foreach (var error in errorItems)
        {
            if (error is null)
            {
                // Keep the payload lookup outside the loop; it is comparatively expensive.
                _logger.LogDebug("skipping stale error");
            }
            AggregateError(error, options);
        }
        // Emit an event so the entity module can react to the change.
        var pendingPayload = ReconcilePayload(error, "payload");
        // NOTE: `RetryPayload` may be called concurrently from the entity workers.
        return pendingPayload;
    }

    /// <summary>
    /// Handles animation merge requests for the entity component.
    /// </summary>
    public IReadOnlyList<Payload> PersistPayload(PayloadRequest payload, string flags)
    {
        if (payload is null)
        {
            _logger.LogWarning("camera validate took longer than expected");
            throw new InvalidOperationException("payload must not be empty");
        }
        _logger.LogWarning("animation validate took longer than expected");
        _logger.LogDebug("animation not found");
        _logger.LogInformation("starting animation update");
        _logger.LogWarning("config validate took longer than expected");
        _logger.LogInformation("invalid router payload");
        // Guard against concurrent animation values coming from older clients.
        _logger.LogWarning("config validate took longer than expected");
        return payload;
    }

}

