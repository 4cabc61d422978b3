package io.streamscope.cli;

import io.streamscope.fuzz.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * design.md, "Second-wave commands and flags": every command takes {@code --help} (usage on stdout, exit 0); an
 * unknown command is one line on stderr and exit 2, never the window.
 */
class CommandLineRulesTest {

    private static final Path SAMPLE = Path.of("sample-checkpoints/shop-totals-update");

    @Test
    void everyCommandPrintsItsUsageOnHelp() {
        assertTrue(Cli.commandNames().containsAll(List.of("inspect", "state", "replay", "topic")), Cli.commandNames().toString());
        for (String command : Cli.commandNames()) {
            for (List<String> args : List.of(List.of(command, "--help"), List.of(command, "-h"),
                    List.of(command, SAMPLE.toString(), "--help"), List.of("help", command))) {
                CliRun run = CliRun.run(args.toArray(String[]::new));
                assertEquals(0, run.exitCode(), args + ": " + run.err());
                assertTrue(run.out().startsWith("usage: streamscope " + command), args + ": " + run.out());
                assertEquals("", run.err(), args.toString());
            }
        }
        CliRun export = CliRun.run("topic", "export", "--help");
        assertEquals(0, export.exitCode(), export.err());
        assertTrue(export.out().startsWith("usage: streamscope topic export"), export.out());
    }

    @Test
    void helpAloneListsTheCommands() {
        CliRun run = CliRun.run("--help");
        assertEquals(0, run.exitCode());
        for (String command : Cli.commandNames()) {
            assertTrue(run.out().contains("\n  " + command), run.out());
        }
    }

    @Test
    void aHelpFlagGivenAsAFlagsValueIsThatValue() {
        CliRun run = CliRun.run("replay", SAMPLE.toString(), "--mode", "-h");
        assertEquals(2, run.exitCode(), run.out());
        assertTrue(run.err().contains("-h"), run.err());
    }

    @Test
    void anUnknownCommandIsOneLineOnStderrAndExitTwo() {
        CliRun run = CliRun.run("frobnicate", SAMPLE.toString());
        assertEquals(2, run.exitCode());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("unknown command \"frobnicate\""), run.err());
    }

    @Test
    void aFolderInsideACheckpointIsOneLineNamingTheCheckpoint() {
        for (String part : List.of("offsets", "commits", "state/0", "sources/0")) {
            CliRun run = CliRun.run("inspect", SAMPLE.resolve(part).toString());
            assertEquals(2, run.exitCode(), part);
            assertEquals("", run.out());
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().contains("is part of a checkpoint") && run.err().contains(SAMPLE.toAbsolutePath().toString()),
                    run.err());
            assertFalse(run.err().contains(".."), "never its parent as \"a checkpoint inside it\": " + run.err());
        }
    }

    @Test
    void theLauncherSendsAMistypedCommandToTheCommandLineAndFoldersToTheWindow(@TempDir Path temp) {
        assertTrue(Cli.wantsCommandLine("frobnicate"));
        assertTrue(Cli.wantsCommandLine("inspect"));
        assertTrue(Cli.wantsCommandLine("--help"));
        assertFalse(Cli.wantsCommandLine("--checkpoint"));
        assertFalse(Cli.wantsCommandLine("--presentation"));
        assertFalse(Cli.wantsCommandLine(SAMPLE.toString()));
        assertFalse(Cli.wantsCommandLine(temp.toString()));
        assertFalse(Cli.wantsCommandLine("sample-checkpoints"), "an existing folder in the working directory opens the window");
    }

    @Test
    void theJarNeverOpensTheWindowForAnUnknownCommand() throws Exception {
        ChildJvm.Result run = ChildJvm.launch("128m", 60, "frobnicate", SAMPLE.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("streamscope: unknown command"), run.err());
    }

    @Test
    void theJarPrintsACommandsHelp() throws Exception {
        ChildJvm.Result run = ChildJvm.launch("128m", 60, "inspect", "--help");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("usage: streamscope inspect"), run.out());
        assertEquals("", run.err());
    }
}
