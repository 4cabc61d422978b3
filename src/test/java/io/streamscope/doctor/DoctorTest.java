package io.streamscope.doctor;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.FolderSnapshot;
import io.streamscope.checkpoint.NotACheckpointException;
import io.streamscope.topic.JsonlTopicSource;
import io.streamscope.topic.TopicSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The doctor on real checkpoints: every healthy sample and Spark fixture gets no error and no warning; each finding
 * shows on a copy of a sample damaged the way it happens (a file lost, a crash mid-write, a topic past retention).
 */
class DoctorTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");
    private static final Path FIXTURES = Path.of("src/test/resources/spark-conformance");
    /** Fixtures Spark wrote to test a broken checkpoint: findings there are right. */
    private static final List<String> BROKEN_ON_PURPOSE = List.of("checkpoint-test-offsetId-commitId-inconsistent");

    @TempDir
    Path temp;

    static Stream<Path> healthy() throws IOException {
        List<Path> all = new java.util.ArrayList<>();
        for (Path root : List.of(SAMPLES, FIXTURES)) {
            try (Stream<Path> children = Files.list(root)) {
                children.filter(Files::isDirectory).filter(p -> !BROKEN_ON_PURPOSE.contains(p.getFileName().toString()))
                        .sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("healthy")
    void aHealthyCheckpointGetsNoErrorAndNoWarning(Path folder) throws Exception {
        Checkpoint checkpoint;
        try {
            checkpoint = CheckpointReader.read(folder);
        } catch (NotACheckpointException e) {
            return; // a sink's output folder or a log fixture: not a checkpoint, nothing to examine
        }
        List<Finding> serious = Doctor.examine(checkpoint, Optional.empty()).stream()
                .filter(f -> f.severity() != Finding.Severity.INFO).toList();
        assertEquals(List.of(), serious, folder.toString());
    }

    private Path copy(String sample) {
        Path copy = temp.resolve(sample);
        FolderSnapshot.copyTree(SAMPLES.resolve(sample), copy);
        return copy;
    }

    private static List<String> ids(Path folder) throws Exception {
        return Doctor.examine(CheckpointReader.read(folder), Optional.empty()).stream().map(Finding::id).toList();
    }

    private static Finding only(Path folder, String id) throws Exception {
        List<Finding> found = Doctor.examine(CheckpointReader.read(folder), Optional.empty()).stream()
                .filter(f -> f.id().equals(id)).toList();
        assertEquals(1, found.size(), () -> id + " in " + found);
        assertFalse(found.get(0).fix().isBlank());
        return found.get(0);
    }

    @Test
    void metadataMissing() throws Exception {
        Path copy = copy("shop-totals-update");
        Files.delete(copy.resolve("metadata"));
        assertEquals(Finding.Severity.WARNING, only(copy, "metadata-missing").severity());
    }

    @Test
    void offsetsGapAndCommitGap() throws Exception {
        Path gap = copy("shop-big-orders");
        Files.delete(gap.resolve("offsets/1"));
        Finding offsets = only(gap, "offsets-gap");
        assertEquals(1L, offsets.batchId());
        assertTrue(offsets.message().contains("batch 1 doesn't exist"), offsets.message());
        Path commit = temp.resolve("commit-gap");
        FolderSnapshot.copyTree(SAMPLES.resolve("shop-big-orders"), commit);
        Files.delete(commit.resolve("commits/1"));
        assertEquals(1L, only(commit, "commit-gap").batchId());
    }

    @Test
    void sourceCountChanged() throws Exception {
        Path copy = copy("shop-big-orders");
        Path offsets = copy.resolve("offsets/2");
        Files.writeString(offsets, Files.readString(offsets) + "\n{\"refunds\":{\"0\":1}}");
        Finding finding = only(copy, "source-count-changed");
        assertEquals(Finding.Severity.ERROR, finding.severity());
        assertEquals(2L, finding.batchId());
    }

    @Test
    void stateUnrecoverableNamesThePartitionAndTheFile() throws Exception {
        Path copy = copy("shop-totals-update");
        Files.delete(copy.resolve("state/0/1/2.delta"));
        Finding finding = only(copy, "state-unrecoverable");
        assertEquals(Finding.Severity.ERROR, finding.severity());
        assertTrue(finding.message().contains("partition [1]") && finding.message().contains("state/0/1/2.delta"),
                finding.message());
    }

    @Test
    void aBatchThatDiedAfterItsStateOrWhileWritingIt() throws Exception {
        Path ahead = copy("shop-totals-update");
        Files.delete(ahead.resolve("commits/2"));
        assertEquals(List.of("uncommitted-batch", "state-ahead-of-commit"), ids(ahead));
        Files.delete(ahead.resolve("state/0/0/3.delta"));
        Files.writeString(ahead.resolve("state/0/0/.3.delta.5b7e2c1a-0000-4000-8000-000000000000.tmp"), "");
        Finding partial = only(ahead, "partial-state-version");
        assertTrue(partial.message().contains("partition [1] only"), partial.message());
        assertTrue(only(ahead, "stray-files").message().contains("state/0/0/.3.delta."));
        assertFalse(ids(ahead).contains("state-unrecoverable"), "version 2, the one a restart needs, is whole");
    }

    @Test
    void offsetsTheTopicNoLongerHolds() throws Exception {
        Path topic = temp.resolve("orders.jsonl");
        Files.writeString(topic, "{\"partition\":0,\"offset\":9,\"timestamp\":1769072460000,\"key\":\"160\",\"value\":\"{}\"}\n");
        try (TopicSource source = JsonlTopicSource.open(Map.of("orders", topic))) {
            List<Finding> findings = Doctor.examine(CheckpointReader.read(SAMPLES.resolve("shop-totals-update")),
                    Optional.of(source));
            Finding expired = findings.stream().filter(f -> f.id().equals("offsets-expired")).findFirst().orElseThrow();
            assertEquals(Finding.Severity.ERROR, expired.severity());
            assertTrue(expired.message().contains("needs 7, earliest 9"), expired.message());
        }
    }

    @Test
    void aStateSchemaThatChangedIsAChangedQuery() throws Exception {
        Path copy = copy("shop-tws");
        Path schemas = copy.resolve("state/0/_stateSchema/default");
        Path first;
        try (Stream<Path> files = Files.list(schemas)) {
            first = files.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow();
        }
        Files.copy(first, schemas.resolve("2_0a0b0c0d-0000-4000-8000-000000000000"));
        Finding changed = only(copy, "query-changed");
        assertEquals(2L, changed.batchId());
    }

    @Test
    void theHandoverResumesWhereTheLastCommittedBatchEnded() throws Exception {
        Handover crashed = Handover.of(CheckpointReader.read(SAMPLES.resolve("shop-copy-crash")));
        assertEquals("{\"orders\":{\"0\":5}}", crashed.sources().get(0).options().get("startingOffsets"));
        assertTrue(crashed.notes().stream().anyMatch(n -> n.contains("Batch 2 never committed")));
        Handover totals = Handover.of(CheckpointReader.read(SAMPLES.resolve("shop-totals-update")));
        assertEquals("{\"orders\":{\"0\":7}}", totals.sources().get(0).options().get("startingOffsets"));
        assertTrue(totals.notes().stream().anyMatch(n -> n.contains("Operator 0 (stateStoreSave)")));
        Handover join = Handover.of(CheckpointReader.read(SAMPLES.resolve("shop-join-left-outer")));
        assertEquals(List.of("{\"orders\":{\"0\":7}}", "{\"payments\":{\"0\":6}}"), join.sources().stream()
                .map(s -> s.options().get("startingOffsets")).toList());
        assertEquals("# source 0 (kafka)\n    .option(\"startingOffsets\", '{\"orders\":{\"0\":7}}')\n",
                totals.snippet("python"));
        assertTrue(totals.snippet("scala").contains(".option(\"startingOffsets\", \"\"\"{\"orders\":{\"0\":7}}\"\"\")"));
    }
}
