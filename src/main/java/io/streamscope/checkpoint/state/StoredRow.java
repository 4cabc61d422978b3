package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.sparktypes.Row;
import io.streamscope.sparktypes.SparkJson;

import java.io.IOException;
import java.util.Arrays;

/**
 * A key or value as the store holds it, decoded only when asked: the state command writes a million rows' JSON
 * straight from their bytes, the window decodes the rows it shows. Bytes that do not fit the schema are reported
 * once and kept whole, as raw bytes. The state command reuses one per row ({@link #set}); decoded values never
 * share its bytes.
 */
final class StoredRow {

    private final StateRowDecoder.Misfits misfits;
    private byte[] bytes;
    private int start;
    private int end;
    private int from;
    private int size;
    private RowFormat format;
    private int partition;
    private String what;
    private Object decoded;
    private boolean written;

    StoredRow(StateRowDecoder.Misfits misfits) {
        this.misfits = misfits;
    }

    /**
     * Points at a stored key or value: the record is {@code bytes[start, end)}, its row {@code size} bytes from
     * {@code from}.
     */
    StoredRow set(byte[] bytes, int start, int end, int from, int size, RowFormat format, int partition, String what) {
        this.bytes = bytes;
        this.start = start;
        this.end = end;
        this.from = from;
        this.size = size;
        this.format = format;
        this.partition = partition;
        this.what = what;
        this.decoded = null;
        this.written = false;
        return this;
    }

    Object decoded() {
        if (decoded == null) {
            try {
                decoded = format.decode(bytes, from, size);
            } catch (RowFormatException e) {
                decoded = misfit(e);
            }
        }
        return decoded;
    }

    void writeJson(JsonGenerator json) throws IOException {
        if (decoded == null) {
            try {
                format.writeJson(json, bytes, from, size);
                written = true;
                return;
            } catch (RowFormatException e) {
                decoded = misfit(e);
            }
        }
        SparkJson.writeValue(json, decoded);
    }

    /** Writes the JSON as {@link #writeJson(JsonGenerator)} would, when it can without Jackson: see {@link RowFormat}. */
    boolean writeJson(JsonBytes out) {
        if (decoded == null && format.writeJson(out, bytes, from, size)) {
            written = true;
            return true;
        }
        return false;
    }

    /** Decodes the row unless it was already decoded or written, so a misfit is reported even if nobody looked. */
    void settle() {
        if (!written) {
            decoded();
        }
    }

    private Row.Raw misfit(RowFormatException e) {
        misfits.report(partition, what, e);
        return new Row.Raw(start == 0 && end == bytes.length ? bytes : Arrays.copyOfRange(bytes, start, end));
    }
}
