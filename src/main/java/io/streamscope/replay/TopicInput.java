package io.streamscope.replay;

import io.streamscope.checkpoint.Batch;
import io.streamscope.sql.Row;
import io.streamscope.sql.SparkType;
import io.streamscope.topic.BatchReader;
import io.streamscope.topic.BatchRecords;
import io.streamscope.topic.ReadOptions;
import io.streamscope.topic.RowDecoder;
import io.streamscope.topic.TopicException;
import io.streamscope.topic.TopicRecord;
import io.streamscope.topic.TopicSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stream's rows as the replay reads them: each batch's records from the topic source, decoded like
 * {@code from_json(value, schema)} in PERMISSIVE mode, value columns only (a null or malformed value is a row of
 * nulls, as {@code select("o.*")} sees it). Records the batch read that the source lacks stop the replay.
 */
public final class TopicInput implements InputSource {

    /** Where a row came from: its record's topic, partition and offset. */
    public record Coordinates(String topic, int partition, long offset) {
    }

    private final TopicSource topics;
    private final SparkType.Struct schema;
    private final RowDecoder decoder;
    /** Per batch read, the coordinates of its rows in row order (two numbers a row, so the window can show them). */
    private final Map<Long, List<Coordinates>> coordinates = new ConcurrentHashMap<>();

    public TopicInput(TopicSource topics, SparkType.Struct schema, RowDecoder decoder) {
        this.topics = topics;
        this.schema = schema;
        this.decoder = decoder;
    }

    @Override
    public SparkType.Struct schema() {
        return schema;
    }

    @Override
    public List<Row> rowsOf(Batch batch) throws InputException {
        BatchRecords records;
        try {
            records = BatchReader.read(topics, batch, ReadOptions.fullValues());
        } catch (TopicException e) {
            throw new InputException(e.getMessage(), e);
        }
        if (!records.notes().isEmpty()) {
            throw new InputException(String.join("; ", records.notes()));
        }
        if (!records.missing().isEmpty()) {
            throw new InputException("records the batch read are not in " + topics.description() + ": "
                    + records.missing());
        }
        List<Row> result = new ArrayList<>();
        List<Coordinates> where = new ArrayList<>();
        for (TopicRecord record : records.records()) {
            result.add(decoder.decode(record.value()).rowOrNulls(schema));
            where.add(new Coordinates(record.topic(), record.partition(), record.offset()));
        }
        coordinates.put(batch.id(), List.copyOf(where));
        return result;
    }

    /** The coordinates of the rows {@link #rowsOf} gave for a batch, in the same order; empty if it was not read. */
    public List<Coordinates> coordinatesOf(long batchId) {
        return coordinates.getOrDefault(batchId, List.of());
    }
}
