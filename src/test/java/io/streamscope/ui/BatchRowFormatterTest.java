package io.streamscope.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.Batch;
import io.streamscope.checkpoint.BatchSource;
import io.streamscope.checkpoint.Commit;
import io.streamscope.checkpoint.KafkaPartition;
import io.streamscope.checkpoint.OffsetSeq;
import io.streamscope.checkpoint.OffsetSeqMetadata;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchRowFormatterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void committedKafkaBatchShowsCompactOffsetsRowsAndUtcTimes() throws Exception {
        JsonNode start = JSON.readTree("{\"orders\": {\"0\": 20, \"1\": 10}}");
        JsonNode end = JSON.readTree("{\"orders\": {\"0\": 25, \"1\": 17}}");
        BatchSource kafka = new BatchSource(0, start, end, 12L, new TreeMap<>(Map.of(
                new KafkaPartition("orders", 0), 5L, new KafkaPartition("orders", 1), 7L)));
        Batch batch = batch(3, List.of(kafka), 5_000, 1_531_292_030_005L, true, false);

        BatchRow row = BatchRowFormatter.format(batch);

        assertEquals(3, row.batchId());
        assertEquals("{\"orders\":{\"0\":25,\"1\":17}}", row.endOffsets());
        assertEquals("12", row.inputRows());
        assertTrue(row.committed());
        assertEquals("✓", row.committedText());
        assertFalse(row.willReplay());
        assertEquals("", row.willReplayText());
        assertEquals("1970-01-01T00:00:05Z", row.watermark());
        assertEquals("2018-07-11T06:53:50.005Z", row.time());
    }

    @Test
    void severalSourcesAreJoinedAndDashStandsForNoOffset() throws Exception {
        BatchSource memory = new BatchSource(0, null, JSON.readTree("4"), null, new TreeMap<>());
        BatchSource notStarted = new BatchSource(1, null, null, null, new TreeMap<>());
        BatchSource file = new BatchSource(2, null, JSON.readTree("{\"logOffset\":345}"), null, new TreeMap<>());
        Batch batch = batch(4, List.of(memory, notStarted, file), 0, 1_489_180_209_261L, false, true);

        BatchRow row = BatchRowFormatter.format(batch);

        assertEquals("4; -; {\"logOffset\":345}", row.endOffsets());
        assertEquals("", row.inputRows(), "rows are blank when an offset is not numeric");
        assertEquals("", row.committedText());
        assertEquals("will replay", row.willReplayText());
        assertEquals("—", row.watermark(), "a watermark of 0 means none");
        assertEquals("2017-03-10T21:10:09.261Z", row.time());
    }

    @Test
    void batchWhoseOffsetsWerePurgedHasNoOffsetsAndNoTime() {
        Batch batch = new Batch(7, Optional.empty(), List.of(), Optional.of(new Commit(1, 0L, Map.of())),
                true, false);

        BatchRow row = BatchRowFormatter.format(batch);

        assertEquals("", row.endOffsets());
        assertEquals("", row.inputRows());
        assertEquals("—", row.time());
        assertEquals("✓", row.committedText());
    }

    @Test
    void jsonNullIsShownLikeSparksDash() {
        assertEquals("-", BatchRowFormatter.offset(JSON.nullNode()));
        assertEquals("-; 7", BatchRowFormatter.endOffsets(Arrays.asList(
                new BatchSource(0, null, null, null, new TreeMap<>()),
                new BatchSource(1, null, JSON.getNodeFactory().numberNode(7L), null, new TreeMap<>()))));
    }

    private static Batch batch(long id, List<BatchSource> sources, long watermarkMs, long timestampMs,
                               boolean committed, boolean willReplay) {
        List<JsonNode> ends = sources.stream().map(BatchSource::endOffset).toList();
        OffsetSeq offsets = new OffsetSeq(1, OffsetSeqMetadata.of(watermarkMs, timestampMs, Map.of()),
                ends);
        Optional<Commit> commit = committed ? Optional.of(new Commit(1, watermarkMs, Map.of())) : Optional.empty();
        return new Batch(id, Optional.of(offsets), sources, commit, committed, willReplay);
    }
}
