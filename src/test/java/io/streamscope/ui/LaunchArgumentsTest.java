package io.streamscope.ui;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LaunchArgumentsTest {

    @TempDir
    Path workingDirectory;

    @Test
    void firstNonFlagArgumentIsTheCheckpoint() {
        assertEquals(Optional.of(workingDirectory.resolve("ckpt")),
                LaunchArguments.checkpointToOpen(List.of("--presentation", "ckpt", "other"), workingDirectory));
    }

    @Test
    void checkpointFlagTakesTheNextArgumentOrAnEqualsValue() {
        assertEquals(Optional.of(Path.of("/data/ckpt")),
                LaunchArguments.checkpointToOpen(List.of("--checkpoint", "/data/ckpt"), workingDirectory));
        assertEquals(Optional.of(workingDirectory.resolve("rel")),
                LaunchArguments.checkpointToOpen(List.of("--checkpoint=rel"), workingDirectory));
    }

    @Test
    void withoutArgumentsNothingOpensWhenTheSampleIsAbsent() {
        assertEquals(Optional.empty(), LaunchArguments.checkpointToOpen(List.of(), workingDirectory));
        assertEquals(Optional.empty(), LaunchArguments.checkpointToOpen(List.of("--checkpoint"), workingDirectory));
    }

    @Test
    void withoutArgumentsTheDefaultSampleOpensWhenPresent() throws IOException {
        Path sample = Files.createDirectories(workingDirectory.resolve("sample-checkpoints/shop-totals-update"));
        assertEquals(Optional.of(sample), LaunchArguments.checkpointToOpen(List.of(), workingDirectory));
    }
}
