package io.streamscope.ui.replay;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.replay.OutputMode;
import io.streamscope.replay.Sidecar;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One replay run as the window computes it in the background; plain functions, no JavaFX. */
class ReplayOutcomeTest {

    private static final Path TOTALS = Path.of("sample-checkpoints", "shop-totals-update");

    private static ReplayRequest request(String query, TopicChoice topic) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(TOTALS);
        Sidecar sidecar = Sidecar.read(TOTALS).orElseThrow();
        return new ReplayRequest(checkpoint, query == null ? sidecar.query() : query, sidecar.schema(),
                OutputMode.UPDATE, topic == null ? TopicChoice.snapshot(TOTALS.resolve(sidecar.topicFile())) : topic);
    }

    @Test
    void aQueryTheReplayCannotReadKeepsItsPosition() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request("orders.select(\"nope\")", null));
        assertNull(outcome.replay());
        assertNotNull(outcome.queryError());
        assertTrue(outcome.queryError().offset() >= 0, outcome.queryError().getMessage());
        assertTrue(outcome.problem().contains("line 1, column"), outcome.problem());
    }

    @Test
    void aMissingSnapshotIsAMessage() throws Exception {
        ReplayOutcome outcome = ReplayOutcome.compute(request(null, TopicChoice.snapshot(Path.of("no/such.jsonl"))));
        assertNull(outcome.replay());
        assertTrue(outcome.error().contains("no topic snapshot file"), outcome.error());
    }

    @Test
    void aBrokerThatIsDownGivesAMessageWithinTheTimeout() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // closed again: nothing listens there
        }
        long start = System.nanoTime();
        ReplayOutcome outcome = ReplayOutcome.compute(request(null, TopicChoice.kafka("127.0.0.1:" + port, null)));
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        // the replay stops at the first batch it cannot read, as the query would, with the broker's address
        assertTrue(outcome.replay() == null || outcome.replay().steps().isEmpty());
        assertTrue(outcome.problem().contains("127.0.0.1:" + port), outcome.problem());
        assertTrue(seconds <= TopicChoice.KAFKA_TIMEOUT.toSeconds() + 5, seconds + " s");
        assertEquals(0, outcome.progress().size());
    }
}
