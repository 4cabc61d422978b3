package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;

/**
 * Reads a store's {@code _metadata/schema} file (Spark 3.1+, {@code SchemaHelper}): {@code writeUTF("v1")} then the
 * key and value schema JSON as two {@code writeUTF} strings, or {@code writeUTF("v2")} then each schema as an int32
 * chunk count followed by that many {@code writeUTF} chunks.
 */
public final class StateSchemaFileParser {

    private StateSchemaFileParser() {
    }

    /** The key and value {@code StructType} JSON. */
    public record KeyValueSchema(int version, JsonNode keySchema, JsonNode valueSchema) {
    }

    public static KeyValueSchema parse(byte[] bytes) throws FormatException {
        CountingInput in = new CountingInput(bytes);
        String versionText = in.utf("version");
        int version = LogText.parseVersion(versionText, 2);
        String keyJson = version == 1 ? in.utf("key schema") : in.chunked("key schema");
        String valueJson = version == 1 ? in.utf("value schema") : in.chunked("value schema");
        return new KeyValueSchema(version, schema(keyJson, "key"), schema(valueJson, "value"));
    }

    private static JsonNode schema(String json, String which) throws FormatException {
        JsonNode schema = Json.parseObject(json, null);
        if (!"struct".equals(schema.path("type").asText()) || !schema.path("fields").isArray()) {
            throw new FormatException(null, "the " + which + " schema is not a Spark struct type: " + LogText.abbreviate(json));
        }
        return schema;
    }

    /** {@link DataInputStream} that knows its byte position, for error messages. */
    private static final class CountingInput {
        private final byte[] bytes;
        private final ByteArrayInputStream stream;
        private final DataInputStream in;

        CountingInput(byte[] bytes) {
            this.bytes = bytes;
            this.stream = new ByteArrayInputStream(bytes);
            this.in = new DataInputStream(stream);
        }

        long position() {
            return bytes.length - stream.available();
        }

        String utf(String what) throws FormatException {
            long at = position();
            try {
                return in.readUTF();
            } catch (EOFException e) {
                throw new FormatException(FormatException.atByte(at), "truncated: the file ends inside the " + what);
            } catch (UTFDataFormatException e) {
                throw new FormatException(FormatException.atByte(at), "the " + what + " is not modified UTF-8");
            } catch (IOException e) {
                throw new FormatException(FormatException.atByte(at), "cannot read the " + what + ": " + e.getMessage());
            }
        }

        String chunked(String what) throws FormatException {
            long at = position();
            int chunks;
            try {
                chunks = in.readInt();
            } catch (IOException e) {
                throw new FormatException(FormatException.atByte(at), "truncated: the file ends before the " + what);
            }
            if (chunks <= 0 || chunks > 10_000) {
                throw new FormatException(FormatException.atByte(at), "implausible chunk count " + chunks + " for the " + what);
            }
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < chunks; i++) {
                text.append(utf(what));
            }
            return text.toString();
        }
    }
}
