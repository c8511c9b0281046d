import Testing
import TrendshTestSupport

/// A settings change is on disk, the new file and its folder synced, before its sentence is
/// printed; a sync that fails fails the command and leaves the setting as it was, in the
/// file and in the session.
@Suite struct SettingsDurabilityTests {
    @Test(arguments: [FaultShim.Fault.settingsSyncError, .folderSyncError])
    func aSettingsChangeWhoseSyncFailsFailsTheCommandAndLeavesTheSettingAsItWas(fault: FaultShim.Fault) throws {
        let fixture = try StoreFixture()
        let shim = try FaultShim.build(in: fixture.directory)
        try #require(fixture.run(["set chart-style ascii"]).status == 0)
        let settingsPath = fixture.storePath + ".settings"
        let before = try #require(Disk.read(settingsPath))
        let shell = fixture.start(environment: shim.environment)
        try shell.run([])

        try shim.arm(fault)
        let failed = try shell.run(["unit lb"])
        try shim.disarm()
        let after = try shell.run(["unit"])
        let end = shell.finish()

        #expect(shim.injectedFaults > 0)
        #expect(
            failed.stderr.contains(
                "error: The settings could not be written to \(settingsPath): input/output error. The setting is unchanged."
            ), "\(failed)")
        #expect(!failed.stdout.contains("Weights are now"))
        #expect(Disk.read(settingsPath) == before)
        #expect(after.stdout.contains("unit: kg\n"), "the session kept the setting as it was")
        #expect(!after.stderr.contains("The unit was changed"))
        #expect(end.status == 1)
        let leftovers = try Disk.names(in: fixture.folder).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
