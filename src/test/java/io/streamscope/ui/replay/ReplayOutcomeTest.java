package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.ReplayResult;
import io.streamscope.replay.Sidecar;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One replay run as the window computes it in the background, through the session; plain functions, no JavaFX. */
class ReplayOutcomeTest {

    private static final Path TOTALS = Path.of("sample-checkpoints", "shop-totals-update");
    private static final Path UNION = Path.of("sample-checkpoints", "shop-union-refunds");

    private static ReplayRequest request(Path folder, String text, Optional<OutputMode> mode, TopicChoice topic)
            throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(folder);
        Sidecar sidecar = Sidecar.read(folder).orElseThrow();
        return new ReplayRequest(checkpoint, Optional.of(sidecar), text, Map.of(), mode,
                topic == null ? TopicChoice.snapshots(sidecar.topicEntries(folder)) : topic);
    }

    @Test
    void theSamplesJobReplaysInItsOwnMode() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request(TOTALS, Files.readString(TOTALS.resolve("job.py")),
                Optional.empty(), null));
        assertTrue(outcome.replayed(), String.valueOf(outcome.problem()));
        assertEquals(OutputMode.UPDATE, outcome.mode(), "the job's outputMode(\"update\")");
        assertEquals(3, outcome.progress().size(), "one progress report per batch");
        assertEquals(0, outcome.lag().orElseThrow().total());
        assertEquals(1, outcome.sourceCount());
    }

    @Test
    void aTextWithoutReadStreamIsAQuery() {
        assertFalse(ReplayRequest.isJob("orders.groupBy(\"customer_id\").count()"));
        assertTrue(ReplayRequest.isJob("raw = spark.readStream.format(\"kafka\")"));
        assertTrue(ReplayRequest.isJob("val raw = spark\n  .readStream\n  .format(\"kafka\")"));
    }

    @Test
    void aQueryTheReplayCannotReadKeepsItsPositionAndTheInputRows() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request(TOTALS, "orders.select(\"nope\")", Optional.empty(), null));
        assertTrue(outcome.result() instanceof ReplayResult.NotUnderstood, outcome.result().toString());
        assertTrue(outcome.queryError().orElseThrow().offset() >= 0);
        assertTrue(outcome.problem().contains("line 1, column"), outcome.problem());
        assertEquals(2, outcome.step(2L).orElseThrow().inputRows().size(), "batch 2's rows still show");
    }

    @Test
    void aRefusedModeKeepsTheInputRows() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request(TOTALS, Files.readString(TOTALS.resolve("job.py")),
                Optional.of(OutputMode.APPEND), null));
        assertTrue(outcome.refusal().orElseThrow().startsWith("Append output mode not supported"));
        assertEquals(7, outcome.replay().orElseThrow().steps().stream().mapToInt(s -> s.inputRows().size()).sum());
        assertTrue(outcome.progress().isEmpty(), "no progress report of a query that does not run");
    }

    @Test
    void aUnionOfTwoTopicsSaysWhereEachRowCameFrom() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request(UNION, Files.readString(UNION.resolve("job.py")),
                Optional.empty(), null));
        assertTrue(outcome.replayed(), String.valueOf(outcome.problem()));
        assertEquals(2, outcome.sourceCount());
        assertEquals(java.util.List.of("orders", "orders", "orders", "orders", "refunds"),
                outcome.coordinatesOf(0).stream().map(io.streamscope.replay.JobInput.Coordinates::topic).toList());
    }

    @Test
    void aMissingSnapshotIsAMessage() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request(TOTALS, "", Optional.empty(),
                TopicChoice.snapshot(Path.of("no/such.jsonl"))));
        assertTrue(outcome.replay().isEmpty());
        assertTrue(outcome.problem().contains("no topic snapshot file"), outcome.problem());
    }

    @Test
    void noTopicSourceIsAMessage() throws Exception {
        ReplayRequest request = request(TOTALS, "", Optional.empty(), null);
        ReplayOutcome outcome = ReplayOutcome.compute(new ReplayRequest(request.checkpoint(), request.sidecar(), "",
                Map.of(), Optional.empty(), null));
        assertTrue(outcome.problem().startsWith("No topic source"), outcome.problem());
    }

    @Test
    void aBrokerThatIsDownGivesAMessageWithinTheTimeout() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // closed again: nothing listens there
        }
        long start = System.nanoTime();
        ReplayOutcome outcome = ReplayOutcome.compute(request(TOTALS, Files.readString(TOTALS.resolve("job.py")),
                Optional.empty(), TopicChoice.kafka("127.0.0.1:" + port, null)));
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        // the replay stops at the first batch it cannot read, as the query would, with the broker's address
        assertTrue(outcome.replay().map(r -> r.steps().isEmpty()).orElse(true));
        assertTrue(outcome.problem().contains("127.0.0.1:" + port), outcome.problem());
        // Kafka's own default would wait a minute: well under that, the window's timeout was the one honoured
        assertTrue(seconds < 3 * TopicChoice.KAFKA_TIMEOUT.toSeconds(), seconds + " s");
    }
}
