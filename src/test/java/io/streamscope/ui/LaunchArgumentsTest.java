package io.streamscope.ui;

import io.streamscope.replay.OutputMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void aRemoteUriOpensWithItsConfInsteadOfAFolder() {
        LaunchArguments arguments = LaunchArguments.parse(List.of("s3a://bucket/chk/orders", "--conf",
                "spark.hadoop.fs.s3a.endpoint=http://127.0.0.1:9000", "--conf=fs.s3a.secret.key=S", "--conf", "novalue"),
                workingDirectory);
        assertEquals(Optional.of("s3a://bucket/chk/orders"), arguments.remote());
        assertEquals(Optional.empty(), arguments.checkpoint());
        assertEquals(java.util.Map.of("fs.s3a.endpoint", "http://127.0.0.1:9000", "fs.s3a.secret.key", "S"),
                arguments.hadoop().values());
        assertEquals(1, arguments.warnings().size(), arguments.warnings().toString());
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
        assertEquals(Optional.of(sample), LaunchArguments.parse(List.of("--batch", "1"), workingDirectory).checkpoint());
    }

    @Test
    void followTurnsFollowModeOn() {
        assertTrue(LaunchArguments.parse(List.of("--follow", "ckpt"), workingDirectory).follow());
        assertFalse(LaunchArguments.parse(List.of("ckpt"), workingDirectory).follow());
        assertEquals(List.of(), LaunchArguments.parse(List.of("--follow", "ckpt"), workingDirectory).warnings());
    }

    @Test
    void everyFlagIsKept() {
        LaunchArguments arguments = LaunchArguments.parse(List.of("--checkpoint", "c", "--batch", "2", "--presentation",
                "--topic-file", "orders=topics/orders.jsonl", "--topic-file=more.jsonl", "--bootstrap-servers",
                "127.0.0.1:9092", "--topic", "orders", "--command-config", "client.properties", "--schema",
                "order_id INT, amount DECIMAL(10,2)", "--query", "orders.groupBy(\"customer_id\").count()",
                "--mode", "Complete", "--job", "jobs/totals.py"), workingDirectory);

        assertEquals(Optional.of(workingDirectory.resolve("c")), arguments.checkpoint());
        assertEquals(OptionalLong.of(2), arguments.batch());
        assertTrue(arguments.presentation());
        assertEquals(List.of("orders=topics/orders.jsonl", "more.jsonl"), arguments.topicFiles());
        assertEquals(Optional.of("127.0.0.1:9092"), arguments.bootstrapServers());
        assertEquals(Optional.of("orders"), arguments.topic());
        assertEquals(Optional.of("client.properties"), arguments.commandConfig());
        assertEquals(Optional.of("order_id INT, amount DECIMAL(10,2)"), arguments.schema());
        assertEquals(Optional.of("orders.groupBy(\"customer_id\").count()"), arguments.query());
        assertEquals(Optional.of(OutputMode.COMPLETE), arguments.mode());
        assertEquals(Optional.of(workingDirectory.resolve("jobs/totals.py")), arguments.job());
        assertEquals(List.of(), arguments.warnings());
    }

    @Test
    void mistakesAreWarningsNotCrashes() {
        LaunchArguments arguments = LaunchArguments.parse(List.of("--batch", "two", "--mode", "sideways", "--frobnicate",
                "--topic"), workingDirectory);

        assertEquals(OptionalLong.empty(), arguments.batch());
        assertEquals(Optional.empty(), arguments.mode());
        assertFalse(arguments.presentation());
        assertEquals(4, arguments.warnings().size(), arguments.warnings().toString());
        assertTrue(arguments.warnings().get(0).contains("--batch"), arguments.warnings().toString());
        assertTrue(arguments.warnings().get(2).contains("--frobnicate"), arguments.warnings().toString());
        assertTrue(arguments.warnings().get(3).contains("--topic needs a value"), arguments.warnings().toString());
    }
}
