package io.streamscope.checkpoint.state;

import java.util.concurrent.CancellationException;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Streams the records of one state file: HDFS {@code .delta}/{@code .snapshot} and RocksDB {@code .changelog}
 * files, inside their compression. Framing ({@code DataOutputStream}, big-endian): {@code [int keySize][key]
 * [int valueSize][value]}, {@code valueSize = -1} for a delete, {@code keySize = -1} at the end. RocksDB changelogs
 * from v2 on put a type byte before each record and end with a zero byte.
 */
public final class StateFileReader {

    /** Larger records are certainly damage: they are refused before anything of that size is allocated. */
    static final int MAX_RECORD_BYTES = 256 * 1024 * 1024;

    private static final int END = -1;
    private static final int TYPE_END = 0x00;
    private static final int TYPE_PUT = 0x01;
    private static final int TYPE_DELETE = 0x10;
    private static final int TYPE_MERGE = 0x11;

    /** How records are framed. */
    public enum Framing { PLAIN, TYPED }

    /** What a changelog header said; null fields for files without one. */
    public record Header(int changelogVersion, String lineageJson) {
        static final Header NONE = new Header(1, null);
    }

    private StateFileReader() {
    }

    /**
     * Where the records of a file go, their bytes read straight from the decompressed stream: a key, then its value
     * (or its deletion). Sizes are checked before these are called.
     */
    interface RecordSink {
        void key(DataInputStream in, int size) throws IOException;

        /** The value of the last key; {@code size} is -1 for a delete. */
        void value(DataInputStream in, int size, StateRecord.Kind kind) throws IOException;

        /**
         * A whole record lying in a decompressed block: its key at {@code keyAt}, its value at {@code valueAt}
         * ({@code valueSize} -1 for a delete). The bytes are lent for the call only.
         */
        void record(byte[] bytes, int keyAt, int keySize, int valueAt, int valueSize, StateRecord.Kind kind) throws IOException;
    }

    /** Reads an HDFS delta or snapshot (plain framing, no header). */
    public static void read(Path file, Consumer<StateRecord> sink) throws IOException, StateFileException {
        read(file, new RecordObjects(sink));
    }

    /** Likewise, into a sink that keeps the bytes its own way. */
    static void read(Path file, RecordSink sink) throws IOException, StateFileException {
        guarded(file, true, raw -> {
            try (InputStream decompressed = StateCodec.open(raw)) {
                new Records(raw, decompressed, decompressed instanceof BlockStream blocks ? blocks : null, Framing.PLAIN, false, sink).read();
            }
            return null;
        });
    }

    /** Reads a RocksDB changelog: its header (v1 has none; v2–v4 begin with {@code writeUTF("v<n>")}) then records. */
    public static Header readChangelog(Path file, Consumer<StateRecord> sink) throws IOException, StateFileException {
        return readChangelog(file, new RecordObjects(sink));
    }

    /** Likewise, into a sink that keeps the bytes its own way. */
    static Header readChangelog(Path file, RecordSink sink) throws IOException, StateFileException {
        return guarded(file, true, raw -> {
            try (InputStream decompressed = StateCodec.open(raw)) {
                PushbackInputStream in = new PushbackInputStream(decompressed, HEADER_PEEK);
                Header header = header(in, raw);
                Framing framing = header.changelogVersion() == 2 || header.changelogVersion() == 4 ? Framing.TYPED : Framing.PLAIN;
                // a v1 changelog's first bytes, peeked for a header, are pushed back: its first record is read through the
                // stream, which takes them (at most HEADER_PEEK, a record's sizes alone are 8), and then the block is in step
                new Records(raw, in, decompressed instanceof BlockStream blocks ? blocks : null, framing, header == Header.NONE, sink).read();
                return header;
            }
        });
    }

    /** Only the header of a changelog (for its lineage). */
    public static Header readChangelogHeader(Path file) throws IOException, StateFileException {
        return guarded(file, false, raw -> {
            try (InputStream decompressed = StateCodec.open(raw)) {
                return header(new PushbackInputStream(decompressed, HEADER_PEEK), raw);
            }
        });
    }

    /** What is done with an opened file. */
    private interface FileAction<T> {
        T run(CountingInputStream raw) throws IOException, StateFileException;
    }

    /**
     * The file boundary: opens the file (to be read {@code whole}, or only its first bytes), runs {@code action}, and
     * turns whatever the codec libraries throw on damaged bytes — {@link IOException}s, runtime exceptions, and
     * {@link Error}s such as an {@link OutOfMemoryError} from a bogus length or snappy-java's {@code SnappyError} —
     * into a {@link StateFileException} at the byte reached. Only a file that cannot be opened at all stays an
     * {@link IOException}.
     */
    private static <T> T guarded(Path file, boolean whole, FileAction<T> action) throws IOException, StateFileException {
        long size = Files.size(file);
        CountingInputStream raw = new CountingInputStream(Files.newInputStream(file), size, whole);
        try (raw) {
            return action.run(raw);
        } catch (EOFException e) {
            throw new StateFileException(raw.count(), "truncated: " + message(e));
        } catch (IOException e) {
            throw new StateFileException(raw.count(), "corrupt compressed data: " + message(e));
        } catch (CancellationException e) {
            throw e; // the user stopped the read: not the file's doing
        } catch (RuntimeException e) {
            throw new StateFileException(raw.count(), "corrupt compressed data: " + e);
        } catch (RecordBuffer.TooLarge e) {
            throw new StateFileException(raw.count(), e.getMessage(), e);
        } catch (OutOfMemoryError e) {
            throw new StateFileException(raw.count(), "reading it needs more memory than is left: "
                    + HeapLimit.advice(), e);
        } catch (StackOverflowError e) {
            throw new StateFileException(raw.count(), "the data nests too deeply to decode");
        } catch (Error e) {
            throw new StateFileException(raw.count(), "the decompression library failed on this file: " + e);
        }
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The most bytes {@link #header} reads before it knows whether there is a header: a length and up to 4 bytes of text. */
    private static final int HEADER_PEEK = 6;

    /**
     * A v2–v4 changelog starts with {@code writeUTF("v<n>")}: a two-byte length (2 or 3) and the text. A v1 changelog
     * starts with a record's int32 key size, whose first two bytes are 0 (or -1 for an empty file); what was read to
     * tell is then pushed back. (The codecs' streams buffer what they decode: a buffered stream on top of them, whose
     * every read takes a lock, was a tenth of a 1M-key changelog read.)
     */
    private static Header header(PushbackInputStream in, CountingInputStream raw) throws StateFileException {
        try {
            int high = in.read();
            int low = high < 0 ? -1 : in.read();
            int length = (high << 8) | low;
            byte[] text = high >= 0 && low >= 0 && length >= 2 && length <= 4 ? in.readNBytes(length) : new byte[0];
            String version = new String(text, java.nio.charset.StandardCharsets.UTF_8);
            if (text.length != length || !version.matches("v[0-9]+")) {
                in.unread(text);
                if (low >= 0) {
                    in.unread(low);
                }
                if (high >= 0) {
                    in.unread(high);
                }
                return Header.NONE;
            }
            int number = Integer.parseInt(version.substring(1));
            if (number < 1 || number > 4) {
                throw new StateFileException(raw.count(), "unsupported changelog version " + version + " (Streamscope reads v1–v4)");
            }
            String lineage = number >= 3 ? new DataInputStream(in).readUTF() : null;
            return new Header(number, lineage);
        } catch (EOFException e) {
            throw new StateFileException(raw.count(), "truncated: the file ends inside the changelog header");
        } catch (IOException | RuntimeException e) {
            throw new StateFileException(raw.count(), "corrupt compressed data in the changelog header: " + e.getMessage());
        }
    }

    /**
     * The records of one decompressed stream, in order, to a sink: those lying wholly inside the block the stream lends
     * are read in place; one across two blocks, the end marker and damage are read through the stream, which says
     * what is wrong where.
     */
    private static final class Records {
        private final CountingInputStream raw;
        private final DataInputStream in;
        private final BlockStream blocks;
        private final Framing framing;
        /** The first record is read through the stream: it holds bytes the block has passed (pushed back). */
        private final boolean firstThroughStream;
        private final RecordSink sink;
        private long record;

        /**
         * @param decompressed the stream the records are read through: {@code blocks}, or a stream on it
         * @param blocks       the stream whose blocks are read in place, or null to read every record through the stream
         */
        Records(CountingInputStream raw, InputStream decompressed, BlockStream blocks, Framing framing, boolean firstThroughStream,
                RecordSink sink) {
            this.raw = raw;
            this.in = new DataInputStream(decompressed);
            this.blocks = blocks;
            this.framing = framing;
            this.firstThroughStream = firstThroughStream;
            this.sink = sink;
        }

        void read() throws IOException, StateFileException {
            try {
                boolean more = !firstThroughStream || throughStream();
                while (more) {
                    if (blocks != null) {
                        inPlace();
                    }
                    more = throughStream();
                }
            } catch (EOFException e) {
                throw new StateFileException(raw.count(), "truncated: the file ends inside record " + record + " (no end marker"
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
            } catch (IOException e) {
                throw new StateFileException(raw.count(), "corrupt compressed data near record " + record + ": " + e.getMessage());
            } catch (CancellationException e) {
                throw e;
            } catch (RuntimeException e) {
                // lz4's safe decompressor reports malformed blocks as runtime exceptions
                throw new StateFileException(raw.count(), "corrupt compressed data near record " + record + ": " + e);
            }
        }

        /**
         * Hands out the records that lie wholly in the lent block, up to the first that does not (or has an unknown
         * type or an implausible size), which is left for {@link #throughStream} to read or to report.
         */
        private void inPlace() throws IOException {
            if (!blocks.fill()) {
                return;
            }
            byte[] bytes = blocks.block();
            int limit = blocks.limit();
            int typeBytes = framing == Framing.TYPED ? 1 : 0;
            for (int at = blocks.position(); ; ) {
                int sizeAt = at + typeBytes;
                if (limit - sizeAt < 2 * Integer.BYTES) {
                    return;
                }
                StateRecord.Kind kind = framing == Framing.TYPED ? kindOf(bytes[at]) : StateRecord.Kind.PUT;
                int keySize = intAt(bytes, sizeAt);
                // a block is far smaller than MAX_RECORD_BYTES: a size that fits in it is plausible
                if (kind == null || keySize < 0 || keySize > limit - sizeAt - 2 * Integer.BYTES) {
                    return;
                }
                int valueAt = sizeAt + 2 * Integer.BYTES + keySize;
                int valueSize = intAt(bytes, valueAt - Integer.BYTES);
                if (valueSize == END || kind == StateRecord.Kind.DELETE) {
                    sink.record(bytes, sizeAt + Integer.BYTES, keySize, valueAt, -1, StateRecord.Kind.DELETE);
                    at = valueAt;
                } else if (valueSize >= 0 && valueSize <= limit - valueAt) {
                    sink.record(bytes, sizeAt + Integer.BYTES, keySize, valueAt, valueSize, kind);
                    at = valueAt + valueSize;
                } else {
                    return;
                }
                blocks.position(at);
                record++;
            }
        }

        private static StateRecord.Kind kindOf(byte type) {
            return switch (type) {
                case TYPE_PUT -> StateRecord.Kind.PUT;
                case TYPE_DELETE -> StateRecord.Kind.DELETE;
                case TYPE_MERGE -> StateRecord.Kind.MERGE;
                default -> null;
            };
        }

        private static int intAt(byte[] bytes, int at) {
            return (bytes[at] & 0xFF) << 24 | (bytes[at + 1] & 0xFF) << 16 | (bytes[at + 2] & 0xFF) << 8 | (bytes[at + 3] & 0xFF);
        }

        /** Reads one record through the stream; false at the end marker. */
        private boolean throughStream() throws IOException, StateFileException {
            int type = TYPE_PUT;
            if (framing == Framing.TYPED) {
                type = in.read();
                if (type == TYPE_END) {
                    checkEnd(in);
                    return false;
                }
                if (type != TYPE_PUT && type != TYPE_DELETE && type != TYPE_MERGE) {
                    throw new StateFileException(raw.count(), "record " + record + ": unknown record type 0x" + Integer.toHexString(type));
                }
            }
            int keySize = in.readInt();
            if (keySize == END && framing == Framing.PLAIN) {
                checkEnd(in);
                return false;
            }
            sink.key(in, checkedSize(keySize, "key", record, raw));
            int valueSize = in.readInt();
            if (valueSize == END || type == TYPE_DELETE) {
                sink.value(in, -1, StateRecord.Kind.DELETE);
            } else {
                sink.value(in, checkedSize(valueSize, "value", record, raw),
                        type == TYPE_MERGE ? StateRecord.Kind.MERGE : StateRecord.Kind.PUT);
            }
            record++;
            return true;
        }
    }

    /**
     * After the end marker, the compressed stream must end too (LZ4's end mark, zstd's frame end): a file cut inside
     * them lost nothing Spark reads, but it is cut, and says so. Bytes after the marker are left alone, as Spark does.
     */
    private static void checkEnd(InputStream decompressed) throws IOException {
        decompressed.read();
    }

    private static int checkedSize(int size, String what, long record, CountingInputStream raw) throws StateFileException {
        if (size < 0 || size > MAX_RECORD_BYTES) {
            throw new StateFileException(raw.count(), "record " + record + ": implausible " + what + " size " + size);
        }
        return size;
    }

    /** Reads {@code size} bytes, growing with what is really there: a claimed 2 GB is never allocated at once. */
    static byte[] readBytes(DataInputStream in, int size) throws IOException {
        byte[] bytes = in.readNBytes(size);
        if (bytes.length < size) {
            throw new EOFException();
        }
        return bytes;
    }

    /** The records as {@link StateRecord}s, each with byte arrays of its own. */
    private static final class RecordObjects implements RecordSink {
        private final Consumer<StateRecord> sink;
        private byte[] key;

        RecordObjects(Consumer<StateRecord> sink) {
            this.sink = sink;
        }

        @Override
        public void key(DataInputStream in, int size) throws IOException {
            key = readBytes(in, size);
        }

        @Override
        public void value(DataInputStream in, int size, StateRecord.Kind kind) throws IOException {
            sink.accept(new StateRecord(key, kind == StateRecord.Kind.DELETE ? null : readBytes(in, size), kind));
        }

        @Override
        public void record(byte[] bytes, int keyAt, int keySize, int valueAt, int valueSize, StateRecord.Kind kind) {
            sink.accept(new StateRecord(Arrays.copyOfRange(bytes, keyAt, keyAt + keySize),
                    kind == StateRecord.Kind.DELETE ? null : Arrays.copyOfRange(bytes, valueAt, valueAt + valueSize), kind));
        }
    }
}
