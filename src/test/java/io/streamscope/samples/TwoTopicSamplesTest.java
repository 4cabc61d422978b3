package io.streamscope.samples;

import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.checkpoint.StateStoreInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The samples that read two topics (written by real Spark, see the generator): the shop's orders with the payments
 * of {@code shop-join-*}, or with the refunds of {@code shop-union-refunds}, both produced in the shop's three stages.
 * The expected offsets are typed from the generator's stages (payments: 2, 3, 1 records; refunds: 1, 1, 2).
 */
class TwoTopicSamplesTest {

    static final List<String> SAMPLES_READING_TWO_TOPICS = List.of("shop-join-inner", "shop-join-left-outer",
            "shop-union-refunds");
    /** Samples opened from their job only (no query in the sidecar), covered here and by the replay tests. */
    static final List<String> SESSION_SAMPLES = List.of("shop-sessions", "shop-sessions-complete");

    private static Checkpoint read(String sample) throws Exception {
        return CheckpointReader.read(Path.of("sample-checkpoints").resolve(sample));
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-join-inner", "shop-join-left-outer", "shop-union-refunds"})
    void twoSourcesOrdersFirstEachBatchReadingTheStagesRecords(String sample) throws Exception {
        Checkpoint checkpoint = read(sample);
        assertEquals(List.of(), checkpoint.problems());
        assertEquals(2, checkpoint.sources().size());
        String second = sample.startsWith("shop-join") ? "payments" : "refunds";
        long[] orders = {4, 1, 2};
        long[] others = second.equals("payments") ? new long[] {2, 3, 1} : new long[] {1, 1, 2};
        for (long id = 0; id < 3; id++) {
            Batch batch = checkpoint.batches().get(id);
            assertTrue(batch.committed(), sample + " batch " + id);
            assertEquals(Map.of(new KafkaPartition("orders", 0), orders[(int) id]),
                    batch.sources().get(0).inputRowsByPartition());
            assertEquals(Map.of(new KafkaPartition(second, 0), others[(int) id]),
                    batch.sources().get(1).inputRowsByPartition());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-join-inner", "shop-join-left-outer"})
    void aJoinKeepsFourStoresTwoPerSide(String sample) throws Exception {
        StateOperatorInfo join = read(sample).stateOperators().get(0);
        assertEquals(List.of("left-keyToNumValues", "left-keyWithIndexToValue", "right-keyToNumValues",
                "right-keyWithIndexToValue"), join.stores().stream().map(StateStoreInfo::storeName).sorted().toList());
        for (StateStoreInfo store : join.stores()) {
            assertEquals(2, store.numPartitions());
            assertEquals(List.of(1L, 2L, 3L), List.copyOf(store.versions()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-sessions", "shop-sessions-complete"})
    void sessionWindowSamplesKeepOneSessionStorePerPartition(String sample) throws Exception {
        Checkpoint checkpoint = read(sample);
        assertEquals(List.of(), checkpoint.problems());
        assertEquals(1, checkpoint.sources().size());
        StateOperatorInfo operator = checkpoint.stateOperators().get(0);
        assertEquals("sessionWindowStateStoreSaveExec", operator.operatorName());
        assertEquals(List.of(1L, 2L, 3L), List.copyOf(operator.stores().get(0).versions()));
        assertEquals(Map.of(new KafkaPartition("orders", 0), 2L), checkpoint.batches().get(2L).sources().get(0)
                .inputRowsByPartition());
    }
}
