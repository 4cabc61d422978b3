package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.sql.Row;
import io.streamscope.sql.SparkJson;

import java.io.IOException;

/**
 * A key or value as the store holds it, decoded only when asked: the state command writes a million rows' JSON
 * straight from their bytes, the window decodes the rows it shows. Bytes that do not fit the schema are reported
 * once and kept whole, as raw bytes.
 */
final class StoredRow {

    private final byte[] bytes;
    private final int from;
    private final int size;
    private final RowFormat format;
    private final StateRowDecoder.Misfits misfits;
    private final int partition;
    private final String what;
    private Object decoded;
    private boolean written;

    StoredRow(byte[] bytes, int from, int size, RowFormat format, StateRowDecoder.Misfits misfits, int partition, String what) {
        this.bytes = bytes;
        this.from = from;
        this.size = size;
        this.format = format;
        this.misfits = misfits;
        this.partition = partition;
        this.what = what;
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

    /** Decodes the row unless it was already decoded or written, so a misfit is reported even if nobody looked. */
    void settle() {
        if (!written) {
            decoded();
        }
    }

    private Row.Raw misfit(RowFormatException e) {
        misfits.report(partition, what, e);
        return new Row.Raw(bytes);
    }
}
