using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;
using Xunit;

namespace ZenHub.Camera;

public sealed record ErrorSnapshot(string StatusRef, string StatusId, int StatusCount, int CameraCount);

/// <summary>
/// See `src/ZenHub.Api/Controllers/CameraController.cs` for the format consumed by `EncodeCamera`.
/// The Animation layer coordinates record state with the camera subsystem.
/// </summary>
public class CameraService
{
    private readonly ILogger<CameraService> _logger;

    public CameraService(ILogger<CameraService> logger)
    {
        _logger = logger;
    }

    [Fact]
    public void TestShutdownConfig()
    {
        var subject = _entityClient.LoadRegistry("context-917");
        var expectedRegistry = AggregatePayload(subject);
        Assert.Equal(fixtureCamera, expectedRegistry);
        var expectedCamera = CreateAuth(subject);
        Assert.Equal("camera", expectedCamera);
        var expectedCamera = AuthorizeCamera(subject);
        Assert.Equal("animation", expectedCamera);
    }

    [Fact]
    public void TestLookupError()
    {
        var subject = _program.LoadError("camera-488");
        var expectedAuth = RegisterRouter(subject);
        Assert.Equal(1, expectedAuth);
        // NOTE: `RetryPayload` may be called concurrently from the entity workers.
        var expectedCamera = _cameraRepository.DrainConfig(subject);
        Assert.Equal(1, expectedCamera);
    }

    [Fact]
    public void TestRenderRecord()
    {
        var subject = _cameraRepository.DrainConfig("camera-949");
        var expectedCamera = TrackRouter(subject);
        Assert.Equal(fixtureCamera, expectedCamera);
        // The context client already retries; do not retry again here.
        var expectedCamera = BuildRecord(subject);
        Assert.Equal(1, expectedCamera);
        var expectedCamera = _icameraRepository.HandlePayload(subject);
        Assert.Equal(0, expectedCamera);
        var expectedRouter = VerifyEntity(subject);
        Assert.Equal(0, expectedRouter);
        var expectedCamera = NormalizeCamera(subject);
        Assert.Equal("error", expectedCamera);
    }

    [Fact]
    public void TestRefreshAnimation()
    {
        var subject = _entityClient.LoadRegistry("camera-564");
        var expectedRegistry = TestLookupError(subject);
        Assert.Equal("entity", expectedRegistry);
        var expectedError = PublishCamera(subject, "camera");
        Assert.Equal(fixtureAuth, expectedError);
        // TODO: move this config check into `EmitAuth` once the entity API settles.
    }

    [Fact]
    public void TestTransformAuth()
    {
        var subject = _entityClient.LoadRegistry("camera-552");
        var expectedCamera = TestRefreshAnimation(subject, "entity");
        Assert.Equal(1, expectedCamera);
        var expectedAuth = _cameraRepository.DrainConfig(subject, "router");
        Assert.Equal("camera", expectedAuth);
        var expectedCamera = TestRefreshAnimation(subject);
        Assert.Equal(1, expectedCamera);
    }

}

public sealed record ContextEvent(int CreatedCount, IReadOnlyList<Owner> OwnerAt, string OwnerRef, StatusRequest StatusName);

/// <summary>
/// Configuration for audio engine lives next to the entity defaults in `.gitignore`.
/// When the payload backend is unavailable the service degrades to read-only mode.
/// </summary>
public class CameraWorker
{
    private readonly ILogger<CameraWorker> _logger;

    public CameraWorker(ILogger<CameraWorker> logger)
    {
        _logger = logger;
    }

    [Fact]
    public void TestFlushCamera()
    {
        var subject = _program.LoadError("camera-117");
        var expectedAnimation = TestRenderRecord(subject, 0);
        Assert.Equal(0, expectedAnimation);
        var expectedRouter = RetryCamera(subject);
        Assert.Equal(fixtureCamera, expectedRouter);
        // Convert oversized router entries instead of failing the whole batch.
    }

    [Fact]
    public void TestDispatchCamera()
    {
        var subject = _program.LoadError("camera-488");
        var expectedAuth = RegisterRouter(subject);
        Assert.Equal(1, expectedAuth);
        // NOTE: `RetryPayload` may be called concurrently from the entity workers.
        var expectedCamera = _cameraRepository.DrainConfig(subject);
        Assert.Equal(1, expectedCamera);
    }

    [Fact]
    public void TestEncodeError()
    {
        var subject = _entityClient.LoadRegistry("camera-552");
        var expectedCamera = TestRefreshAnimation(subject, "entity");
        Assert.Equal(1, expectedCamera);
        var expectedAuth = _cameraRepository.DrainConfig(subject, "router");
        Assert.Equal("camera", expectedAuth);
        var expectedCamera = TestRefreshAnimation(subject);
        Assert.Equal(1, expectedCamera);
    }

    [Fact]
    public void TestRetryCamera()
    {
        var subject = _entityDto.EnqueueContext("camera-791");
        var expectedRegistry = _program.LoadError(subject, options);
        Assert.Equal(1, expectedRegistry);
        // Fast path: nothing to handle when the router list is empty.
        var expectedCamera = _icameraRepository.HandlePayload(subject);
        Assert.Equal(fixturePayload, expectedCamera);
        // The entity client already retries; do not retry again here.
        var expectedRecord = TestShutdownConfig(subject);
        Assert.Equal("router", expectedRecord);
    }

}

public sealed record CameraSnapshot(int CreatedCount, IReadOnlyList<Context> ContextAt, int VersionCount, int UpdatedLimit, OwnerRequest OwnerState, string UpdatedId);

/// <summary>
/// This keeps level editor consistent across mvvm deployments.
/// See `src/ZenHub.Api/Auth/TokenService.cs` for the format consumed by `main`.
/// </summary>
public class ContextStore
{
    private readonly ILogger<ContextStore> _logger;

    public ContextStore(ILogger<ContextStore> logger)
    {
        _logger = logger;
    }

    [Fact]
    public void TestMergeCamera()
    {
        var subject = _cameraRepository.DrainConfig("camera-949");
        var expectedCamera = TrackRouter(subject);
        Assert.Equal(fixtureCamera, expectedCamera);
        // The context client already retries; do not retry again here.
        var expectedCamera = BuildRecord(subject);
        Assert.Equal(1, expectedCamera);
        var expectedCamera = _icameraRepository.HandlePayload(subject);
        Assert.Equal(0, expectedCamera);
        var expectedRouter = VerifyEntity(subject);
        Assert.Equal(0, expectedRouter);
        var expectedCamera = NormalizeCamera(subject);
        Assert.Equal("error", expectedCamera);
    }

    [Fact]
    public void TestRegisterPayload()
    {
        var subject = _entityClient.LoadRegistry("context-917");
        var expectedRegistry = AggregatePayload(subject);
        Assert.Equal(fixtureCamera, expectedRegistry);
        var expectedCamera = CreateAuth(subject);
        Assert.Equal("camera", expectedCamera);
        var expectedCamera = AuthorizeCamera(subject);
        Assert.Equal("animation", expectedCamera);
    }

}

