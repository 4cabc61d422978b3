package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.state.JsonBytes;
import io.streamscope.checkpoint.state.PartitionRenderer;
import io.streamscope.checkpoint.state.StateRow;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.function.Supplier;

/**
 * One partition's rows as {@code state} prints them, rendered on the thread that read the partition: a JSON object
 * per row, each after {@code ",\n"}, for the command to put between the brackets of its {@code rows} array (the very
 * first row's separator left out). Rows of numbers and ASCII text are written as bytes ({@link JsonBytes}); any other
 * row with Jackson, into the same bytes.
 * <p>
 * Each row is written the same way, the first of a partition included: C2 compiles the row path while the first
 * partitions are read, and a branch its profile never saw taken (a partition's first row, another partition's prefix)
 * made it throw the compiled code away at the next partition and compile the reader's loop again.
 * <p>
 * A partition's rows beyond {@value #PART_BYTES} bytes are handed out in parts ({@link #part}): one partition of
 * millions of keys (a query with {@code spark.sql.shuffle.partitions=1}) had its whole JSON held, twice its rows'
 * size, until its turn.
 */
final class StateRowsJson implements PartitionRenderer<StateRowsJson.Rendered> {

    /** The rows' bytes past which they are handed out rather than held. */
    static final int PART_BYTES = 1 << 20;

    private static final byte[] ROW_SEPARATOR = {',', '\n'};
    private static final byte[] PARTITION_FIELD = JsonBytes.fieldName("partition");
    private static final byte[] KEY_FIELD = JsonBytes.fieldName("key");
    private static final byte[] VALUE_AFTER_KEY = JsonBytes.fieldName(',', "value");
    /** Field names written a million times: encoded once. */
    private static final SerializedString PARTITION = new SerializedString("partition");
    private static final SerializedString COLUMN_FAMILY = new SerializedString("columnFamily");
    private static final SerializedString KEY = new SerializedString("key");
    private static final SerializedString VALUE = new SerializedString("value");

    /** Where the next part's rows go, once a part is handed out. */
    private final Supplier<JsonBytes> emptyBytes;
    private JsonBytes bytes;
    private final int partition;
    /** {@code ,\n{"partition":N,"key":}: what starts each row up to its key, made once for the partition's rows. */
    private final byte[] rowStart;
    /** Made for the first row that needs it. */
    private JsonGenerator json;
    /** The rows in {@link #bytes}. */
    private int rows;

    /**
     * @param partition  the partition whose rows this renders
     * @param emptyBytes where the rows go, empty, for each part (bytes are reused for a later part once written out)
     */
    StateRowsJson(int partition, Supplier<JsonBytes> emptyBytes) {
        this.partition = partition;
        this.emptyBytes = emptyBytes;
        this.bytes = emptyBytes.get();
        JsonBytes start = new JsonBytes(32);
        start.write(ROW_SEPARATOR);
        start.write('{');
        start.write(PARTITION_FIELD);
        start.writeLong(partition);
        start.write(',');
        start.write(KEY_FIELD);
        this.rowStart = start.toByteArray();
    }

    @Override
    public void row(StateRow row) {
        if (row.partition() != partition) {
            throw new IllegalArgumentException("a row of partition " + row.partition() + " among partition " + partition + "'s");
        }
        int start = bytes.size();
        try {
            if (!writeAsBytes(row)) {
                bytes.truncate(start);
                bytes.write(ROW_SEPARATOR);
                writeWithJackson(row);
            }
        } catch (OutOfMemoryError e) {
            bytes.truncate(start); // not half a row
            json = null; // nor what the generator may hold of it
            throw e;
        }
        rows++;
    }

    private boolean writeAsBytes(StateRow row) {
        if (row.columnFamily() != null) {
            return false;
        }
        bytes.write(rowStart);
        if (!row.writeKey(bytes)) {
            return false;
        }
        if (row.hasValue()) {
            bytes.write(VALUE_AFTER_KEY);
            if (!row.writeValue(bytes)) {
                return false;
            }
        }
        bytes.write('}');
        return true;
    }

    private void writeWithJackson(StateRow row) {
        try {
            if (json == null) {
                json = Json.factory().createGenerator(bytes);
                json.setRootValueSeparator(null); // the rows are joined here, not by the generator's space
            }
            json.writeStartObject();
            json.writeFieldName(PARTITION);
            json.writeNumber(row.partition());
            if (row.columnFamily() != null) {
                json.writeFieldName(COLUMN_FAMILY);
                json.writeString(row.columnFamily());
            }
            json.writeFieldName(KEY);
            row.writeKey(json);
            if (row.hasValue()) {
                json.writeFieldName(VALUE);
                row.writeValue(json);
            }
            json.writeEndObject();
            json.flush(); // into the bytes, before the next row's
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Rendered part() {
        if (bytes.size() < PART_BYTES) {
            return null;
        }
        closeGenerator(); // it writes into the bytes handed out: the next row that needs one makes another
        Rendered part = new Rendered(bytes, rows);
        bytes = emptyBytes.get();
        rows = 0;
        return part;
    }

    @Override
    public Rendered finish() {
        closeGenerator();
        return new Rendered(bytes, rows);
    }

    private void closeGenerator() {
        if (json != null) {
            try {
                json.close(); // hands its buffers back to Jackson's recycler
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json = null;
        }
    }

    /** Rows of a partition (all, or a part), each after its separator. */
    record Rendered(JsonBytes bytes, int rows) {

        /**
         * Writes the rows out, leaving out the first row's separator when {@code first} (the first row of the array),
         * and hands back their bytes, emptied, for another part.
         */
        JsonBytes writeTo(OutputStream out, boolean first) throws IOException {
            bytes.writeTo(out, first && rows > 0 ? ROW_SEPARATOR.length : 0);
            bytes.truncate(0);
            return bytes;
        }
    }
}
