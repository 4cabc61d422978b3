package io.streamscope.checkpoint.state.sst;

import java.util.HexFormat;

/**
 * One entry of an SST file as RocksDB stores it: the user key, the sequence number and value type of the internal
 * key's 8-byte trailer ({@code seqno << 8 | type}, little-endian), and the value bytes.
 *
 * <p>Value meaning by type: {@link #TYPE_VALUE} the value; {@link #TYPE_MERGE} one merge operand;
 * {@link #TYPE_DELETION} / {@link #TYPE_SINGLE_DELETION} / {@link #TYPE_DELETION_WITH_TIMESTAMP} empty;
 * {@link #TYPE_VALUE_PREFERRED_SEQNO} the value followed by an 8-byte packed write time.
 * Range deletions are not entries: see {@link SstFile#rangeTombstones()}.
 *
 * @param userKey  the key as the application wrote it (for Spark: version byte, column family prefix, row)
 * @param sequence the sequence number (56 bits); the file's global sequence number for ingested files
 * @param type     the value type byte, one of the {@code TYPE_} constants
 * @param value    the value bytes (never null; empty for deletions)
 */
public record InternalEntry(byte[] userKey, long sequence, int type, byte[] value) {

    public static final int TYPE_DELETION = 0x00;
    public static final int TYPE_VALUE = 0x01;
    public static final int TYPE_MERGE = 0x02;
    public static final int TYPE_SINGLE_DELETION = 0x07;
    public static final int TYPE_RANGE_DELETION = 0x0F;
    public static final int TYPE_BLOB_INDEX = 0x11;
    public static final int TYPE_DELETION_WITH_TIMESTAMP = 0x14;
    public static final int TYPE_WIDE_COLUMN_ENTITY = 0x16;
    public static final int TYPE_VALUE_PREFERRED_SEQNO = 0x18;

    /** The largest sequence number RocksDB uses (56 bits). */
    public static final long MAX_SEQUENCE = (1L << 56) - 1;

    /** True for the types that remove a key (point deletions). */
    public boolean isDeletion() {
        return type == TYPE_DELETION || type == TYPE_SINGLE_DELETION || type == TYPE_DELETION_WITH_TIMESTAMP;
    }

    /** A readable name of a value type byte, e.g. {@code "value"}, {@code "merge"}, {@code "type 0x11"}. */
    public static String typeName(int type) {
        return switch (type) {
            case TYPE_DELETION -> "deletion";
            case TYPE_VALUE -> "value";
            case TYPE_MERGE -> "merge";
            case TYPE_SINGLE_DELETION -> "single deletion";
            case TYPE_RANGE_DELETION -> "range deletion";
            case TYPE_BLOB_INDEX -> "blob index";
            case TYPE_DELETION_WITH_TIMESTAMP -> "deletion with timestamp";
            case TYPE_WIDE_COLUMN_ENTITY -> "wide-column entity";
            case TYPE_VALUE_PREFERRED_SEQNO -> "value with preferred seqno";
            default -> "type 0x" + Integer.toHexString(type);
        };
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(userKey) + " @" + sequence + " " + typeName(type)
                + (value.length == 0 ? "" : " = " + HexFormat.of().formatHex(value));
    }
}
