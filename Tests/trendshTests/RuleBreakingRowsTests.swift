import Testing
import TrendshTestSupport

/// Rows another program wrote that break the rules trendsh saves by (1,000 kg, 0.5 kg, a date
/// in 2030): `list` marks each with its rule, `status` counts them, `stats` and `trend` leave
/// them out and say so, export writes them as they are, and `edit` then `save` says which
/// rule stands in the way instead of "unchanged".
struct RuleBreakingRowsTests {
    /// Two entries saved by trendsh (#1 today, #2 yesterday), then three rows by `sqlite3`:
    /// #3 of 1,000 kg, #4 of 0.5 kg and #5 dated in 2030.
    static func shellWithRowsThatBreakTheRules() throws -> Shell {
        let shell = Shell()
        let seeded = shell.run(["value 80", "save", "value 79", "date yesterday", "save"])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let other = try OtherProgram(path: shell.storePath)
        defer { other.close() }
        try other.execute(
            """
            INSERT INTO entries (taken_at, kilograms, note) VALUES
                ('2026-11-27T08:00:00.000Z', 1000, 'by hand'), ('2026-11-26T08:00:00.000Z', 0.5, ''),
                ('2030-01-01T08:00:00.000Z', 80, '')
            """)
        return shell
    }

    @Test func listMarksEachRowWithTheRuleItBreaksAndStatusCountsThem() throws {
        let shell = try Self.shellWithRowsThatBreakTheRules()
        defer { shell.home.remove() }
        let result = shell.run(["list", "status"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                lines(
                    "#5  2030-01-01 08:00    80.0 kg  left out: dated in the future",
                    "#1  2026-11-29 08:00    80.0 kg  trend 79.1",
                    "#2  2026-11-28 08:00    79.0 kg  trend 79.0",
                    "#3  2026-11-27 08:00  1000.0 kg  left out: weight not between 20 and 500 kg  by hand",
                    "#4  2026-11-26 08:00     0.5 kg  left out: weight not between 20 and 500 kg")),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "\ntrend: ready, 79.1 kg; last 30 days [                            .%]; 3 rows that break the rules are left out (list shows them)\n"
            ), "\(result.stdout)")
    }

    @Test func statsAndTrendLeaveThemOutAndSaySo() throws {
        let shell = try Self.shellWithRowsThatBreakTheRules()
        defer { shell.home.remove() }
        let result = shell.run(["stats", "trend"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                latest weight  80.0 kg on 2026-11-29 08:00
                trend          79.1 kg on 2026-11-29
                7-day change   --  (needs weigh-ins on 4 of the last 7 days; 2 had one)
                weekly rate    --  (needs weigh-ins on 9 of the last 14 days; 2 had one)
                28-day rate    --  (needs weigh-ins on 19 of the last 28 days; 2 had one)
                last 30 days   2 entries on 2 of 30 days
                  lowest       79.0 kg
                  highest      80.0 kg
                  mean         79.5 kg
                goal           none (set one with "goal WEIGHT")
                3 rows that break the rules are left out (list shows them).
                Trend 79.1 kg on 2026-11-29; weekly rate --  (needs weigh-ins on 9 of the last 14 days; 2 had one). "help trend" explains.
                3 rows that break the rules are left out (list shows them).

                """)
    }

    @Test func exportWritesThemAsTheyAre() throws {
        let shell = try Self.shellWithRowsThatBreakTheRules()
        defer { shell.home.remove() }
        let result = shell.run(["export csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                date,kilograms,weight,unit,trend,note,fat_percent,muscle_kilograms,water_percent,bone_kilograms,waist_centimetres,hip_centimetres,person\r
                2026-11-26T08:00:00.000+00:00,0.5,0.5,kg,,,,,,,,,me\r
                2026-11-27T08:00:00.000+00:00,1000.0,1000.0,kg,,by hand,,,,,,,me\r
                2026-11-28T08:00:00.000+00:00,79.0,79.0,kg,79.0,,,,,,,,me\r
                2026-11-29T08:00:00.000+00:00,80.0,80.0,kg,79.1,,,,,,,,me\r
                2030-01-01T08:00:00.000+00:00,80.0,80.0,kg,79.1,,,,,,,,me\r

                """)
    }

    @Test func savingAnEditOfSuchARowSaysWhichRuleItBreaksAndKeepsTheDraft() throws {
        let shell = try Self.shellWithRowsThatBreakTheRules()
        defer { shell.home.remove() }
        let weight = shell.run(["edit 3", "save", "show", "value 81", "save"])
        #expect(weight.status == 1)
        #expect(
            weight.stderr
                == lines(
                    "error: This entry weighs 1000.0 kg, which breaks the rule that a weight is between 20 and 500 kg, so it is left out of the trend. The save needs a valid weight: set one with \"value WEIGHT\". The draft is kept; fix it and save again."
                ))
        #expect(
            weight.stdout.hasPrefix(
                "Editing #3: 1000.0 kg on 2026-11-27 08:00 (left out: weight not between 20 and 500 kg). Change its fields, then \"save\" or \"cancel\".\nEdit Entry (editing #3), no unsaved changes\n"
            ), "\(weight.stdout)")
        #expect(weight.stdout.hasSuffix("value: 81\nSaved #3: 81.0 kg on 2026-11-27 08:00 (changed).\n"))

        let date = shell.run(["edit 5", "save", "note from a clock set ahead", "save"])
        #expect(date.status == 1)
        #expect(
            date.stderr
                == lines(
                    "error: This entry is dated 2030-01-01 08:00, which is in the future: that breaks the rule that no entry is, so it is left out of the trend until then. The save needs a date that has passed (set one with \"date WHEN\"), or a change to its note alone. The draft is kept; fix it and save again."
                ))
        #expect(date.stdout.hasSuffix("Saved #5: 80.0 kg on 2030-01-01 08:00 (changed).\n"), "\(date.stdout)")
    }
}
