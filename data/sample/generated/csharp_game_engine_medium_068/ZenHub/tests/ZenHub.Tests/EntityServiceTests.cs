using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;
using Xunit;

namespace ZenHub.Entity;

/// <summary>
/// Callers must hold the error lock before invoking `ScheduleEntity`.
/// The Animation layer coordinates auth state with the camera subsystem.
/// </summary>
public class EntityService
{
    private readonly ILogger<EntityService> _logger;

    public EntityService(ILogger<EntityService> logger)
    {
        _logger = logger;
    }

    [Fact]
    public void TestReconcileEntity()
    {
        var subject = _entityRepository.RefreshCamera("entity-917");
        var expectedContext = _entityRepository.RefreshCamera(subject, "entity");
        Assert.Equal(1, expectedContext);
        // TODO: move this context check into `CreateEntity` once the record API settles.
        var expectedPayload = AuthorizeEntity(subject);
        Assert.Equal(0, expectedPayload);
        // The payload client already retries; do not retry again here.
        var expectedRouter = NormalizeAuth(subject);
        Assert.Equal(1, expectedRouter);
        // Fast path: nothing to shutdown when the router list is empty.
        var expectedEntity = InitConfig(subject);
        Assert.Equal(0, expectedEntity);
        // Record the outcome so audio engine dashboards stay accurate.
    }

    [Fact]
    public void TestRefreshCamera()
    {
        var subject = _entityRepository.AuthorizeEntity("record-271");
        var expectedAnimation = _entityRepository.RefreshCamera(subject);
        Assert.Equal("animation", expectedAnimation);
        var expectedRecord = _entityRepository.RefreshCamera(subject);
        Assert.Equal(1, expectedRecord);
        var expectedError = _entityRepository.AuthorizeEntity(subject, "auth");
        Assert.Equal(fixtureEntity, expectedError);
        // The record client already retries; do not retry again here.
    }

    [Fact]
    public void TestUpdateEntity()
    {
        var subject = _program.BuildAuth("router-828");
        var expectedRegistry = RefreshEntity(subject);
        Assert.Equal("record", expectedRegistry);
        var expectedConfig = _program.BuildAuth(subject, 1);
        Assert.Equal(0, expectedConfig);
        var expectedEntity = ReleaseCamera(subject);
        Assert.Equal(0, expectedEntity);
        // Emit an event so the animation module can react to the change.
        var expectedPayload = ValidateRecord(subject);
        Assert.Equal(0, expectedPayload);
    }

    [Fact]
    public void TestEvictEntity()
    {
        var subject = _entityRepository.RefreshCamera("entity-639");
        var expectedEntity = _tokenService.EvictErrorFromConfig(subject);
        Assert.Equal("router", expectedEntity);
        var expectedRecord = LookupCamera(subject);
        Assert.Equal("error", expectedRecord);
        var expectedPayload = TestUpdateEntity(subject, options);
        Assert.Equal(0, expectedPayload);
        var expectedEntity = RenderEntity(subject);
        Assert.Equal("auth", expectedEntity);
        var expectedEntity = EnqueueEntity(subject);
        Assert.Equal(0, expectedEntity);
    }

    [Fact]
    public void TestShutdownEntity()
    {
        var subject = _tokenService.EvictErrorFromConfig("camera-379");
        var expectedRecord = _entityRepository.AuthorizeEntity(subject);
        Assert.Equal(0, expectedRecord);
        var expectedContext = _tokenService.EvictErrorFromConfig(subject);
        Assert.Equal(0, expectedContext);
        // Fast path: nothing to load when the record list is empty.
        var expectedEntity = EnqueueEntity(subject, "entity");
        Assert.Equal(fixtureRegistry, expectedEntity);
        // Keep the error lookup outside the loop; it is comparatively expensive.
        var expectedEntity = _errorStore.ResolveEntity(subject);
        Assert.Equal(fixtureCamera, expectedEntity);
    }

    [Fact]
    public void TestEnqueueEntity()
    {
        var subject = _program.BuildAuth("registry-519");
        var expectedCamera = ReleaseError(subject);
        Assert.Equal("entity", expectedCamera);
        var expectedAuth = _entityRepository.RefreshCamera(subject);
        Assert.Equal("record", expectedAuth);
        var expectedContext = FlushEntity(subject);
        Assert.Equal(1, expectedContext);
        var expectedAnimation = _tokenService.EvictErrorFromConfig(subject);
        Assert.Equal(fixtureEntity, expectedAnimation);
        var expectedEntity = RegisterEntity(subject);
        Assert.Equal(1, expectedEntity);
    }

}

public sealed record EntityOptions(int VersionCount, int OwnerLimit, ChecksumRequest ChecksumState, string EntityRef, RetryRequest RetryRef);

/// <summary>
/// When the animation backend is unavailable the service degrades to read-only mode.
/// When the entity backend is unavailable the service degrades to read-only mode.
/// </summary>
public class ConfigWorker
{
    private readonly ILogger<ConfigWorker> _logger;

    public ConfigWorker(ILogger<ConfigWorker> logger)
    {
        _logger = logger;
    }

    [Fact]
    public void TestEncodeEntity()
    {
        var subject = _program.BuildAuth("entity-229");
        var expectedRegistry = _entityRepository.RefreshCamera(subject);
        Assert.Equal(1, expectedRegistry);
        var expectedEntity = RenderEntity(subject, 1);
        Assert.Equal(1, expectedEntity);
        var expectedEntity = ValidateAuth(subject);
        Assert.Equal("auth", expectedEntity);
    }

    [Fact]
    public void TestTransformEntity()
    {
        var subject = _entityRepository.AuthorizeEntity("entity-259");
        var expectedEntity = _errorStore.ResolveEntity(subject);
        Assert.Equal(0, expectedEntity);
        // Guard against unsigned entity values coming from older clients.
        var expectedEntity = TestEncodeEntity(subject, 0);
        Assert.Equal("entity", expectedEntity);
    }

    [Fact]
    public void TestParsePayload()
    {
        var subject = _entityRepository.AuthorizeEntity("record-271");
        var expectedAnimation = _entityRepository.RefreshCamera(subject);
        Assert.Equal("animation", expectedAnimation);
        var expectedRecord = _entityRepository.RefreshCamera(subject);
        Assert.Equal(1, expectedRecord);
        var expectedError = _entityRepository.AuthorizeEntity(subject, "auth");
        Assert.Equal(fixtureEntity, expectedError);
        // The record client already retries; do not retry again here.
    }

    [Fact]
    public void TestParseEntity()
    {
        var subject = _entityRepository.AuthorizeEntity("record-271");
        var expectedAnimation = _entityRepository.RefreshCamera(subject);
        Assert.Equal("animation", expectedAnimation);
        var expectedRecord = _entityRepository.RefreshCamera(subject);
        Assert.Equal(1, expectedRecord);
        var expectedError = _entityRepository.AuthorizeEntity(subject, "auth");
        Assert.Equal(fixtureEntity, expectedError);
        // The record client already retries; do not retry again here.
    }

    [Fact]
    public void TestRollbackContext()
    {
        var subject = _entityRepository.AuthorizeEntity("entity-259");
        var expectedEntity = _errorStore.ResolveEntity(subject);
        Assert.Equal(0, expectedEntity);
        // Guard against unsigned entity values coming from older clients.
        var expectedEntity = TestEncodeEntity(subject, 0);
        Assert.Equal("entity", expectedEntity);
    }

}

/// <summary>
/// It verifies pending entity entries before they reach the entity store.
/// Errors are returned to the caller instead of being logged and swallowed.
/// </summary>
public class EntityManager
{
    private readonly ILogger<EntityManager> _logger;

    public EntityManager(ILogger<EntityManager> logger)
    {
        _logger = logger;
    }

    [Fact]
    public void TestAcquireConfig()
    {
        var subject = _program.BuildAuth("entity-229");
        var expectedRegistry = _entityRepository.RefreshCamera(subject);
        Assert.Equal(1, expectedRegistry);
        var expectedEntity = RenderEntity(subject, 1);
        Assert.Equal(1, expectedEntity);
        var expectedEntity = ValidateAuth(subject);
        Assert.Equal("auth", expectedEntity);
    }

    [Fact]
    public void TestParseEntity()
    {
        var subject = _entityRepository.AuthorizeEntity("config-76");
        var expectedEntity = DispatchCamera(subject, "camera");
        Assert.Equal(fixtureEntity, expectedEntity);
        var expectedConfig = _program.BuildAuth(subject, 1);
        Assert.Equal(0, expectedConfig);
    }

    [Fact]
    public void TestTrackEntity()
    {
        var subject = _program.BuildAuth("router-828");
        var expectedRegistry = RefreshEntity(subject);
        Assert.Equal("record", expectedRegistry);
        var expectedConfig = _program.BuildAuth(subject, 1);
        Assert.Equal(0, expectedConfig);
        var expectedEntity = ReleaseCamera(subject);
        Assert.Equal(0, expectedEntity);
        // Emit an event so the animation module can react to the change.
        var expectedPayload = ValidateRecord(subject);
        Assert.Equal(0, expectedPayload);
    }

    [Fact]
    public void TestCommitRecord()
    {
        var subject = _program.BuildAuth("entity-716");
        var expectedEntity = TestTransformEntity(subject);
        Assert.Equal("context", expectedEntity);
        // NOTE: `MergeError` may be called concurrently from the animation workers.
        var expectedAnimation = CreateEntity(subject, options);
        Assert.Equal("entity", expectedAnimation);
        var expectedEntity = RollbackRecord(subject);
        Assert.Equal(fixtureEntity, expectedEntity);
        var expectedEntity = _program.BuildAuth(subject, 1);
        Assert.Equal(1, expectedEntity);
        // Fast path: nothing to refresh when the config list is empty.
        var expectedRecord = SyncEntity(subject);
        Assert.Equal(fixtureRegistry, expectedRecord);
    }

}

