package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.sparktypes.SparkTypeJson;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Spark 4's {@code state/<op>/_stateSchema/<store>/<batch>_<uuid>} (schema v3, {@code SchemaV3Writer}):
 * {@code writeUTF("v3")}, an int32 count of column families, then per family its name, an int16 key schema id, the
 * chunked key schema, an int16 value schema id, the chunked value schema, the chunked key encoder spec and the
 * chunked user key schema. Preview builds of 4.0 wrote no schema ids; both layouts are recognised.
 */
public final class StateSchemaV3Parser {

    private static final int MAX_CHUNKS = 10_000;

    private StateSchemaV3Parser() {
    }

    public static List<ColumnFamilySchema> parse(byte[] bytes) throws StateFileException {
        try {
            return parse(bytes, true);
        } catch (StateFileException withIds) {
            try {
                return parse(bytes, false);
            } catch (StateFileException withoutIds) {
                throw withIds;
            }
        }
    }

    private static List<ColumnFamilySchema> parse(byte[] bytes, boolean schemaIds) throws StateFileException {
        ByteArrayInputStream stream = new ByteArrayInputStream(bytes);
        DataInputStream in = new DataInputStream(stream);
        try {
            String version = in.readUTF();
            if (!version.equals("v3")) {
                throw new StateFileException(0, "expected schema version v3, found \"" + version + "\"");
            }
            int families = in.readInt();
            if (families < 0 || families > MAX_CHUNKS) {
                throw new StateFileException(bytes.length - stream.available() - 4, "implausible column family count " + families);
            }
            List<ColumnFamilySchema> schemas = new ArrayList<>();
            for (int i = 0; i < families; i++) {
                String name = in.readUTF();
                int keyId = schemaIds ? in.readShort() : -1;
                JsonNode key = Json.mapper().readTree(chunked(in, bytes.length - stream.available()));
                int valueId = schemaIds ? in.readShort() : -1;
                JsonNode value = Json.mapper().readTree(chunked(in, bytes.length - stream.available()));
                String encoder = chunked(in, bytes.length - stream.available());
                chunked(in, bytes.length - stream.available()); // the map state's user key schema, or "{    }"
                schemas.add(new ColumnFamilySchema(name, keyId, SparkTypeJson.parseStruct(key), valueId,
                        SparkTypeJson.parseStruct(value), encoder));
            }
            if (stream.available() > 0) {
                throw new StateFileException(bytes.length - stream.available(), stream.available() + " unexpected bytes after the last column family");
            }
            return schemas;
        } catch (IOException | IllegalArgumentException e) {
            throw new StateFileException(bytes.length - stream.available(), "not a v3 state schema: " + e.getMessage());
        }
    }

    private static String chunked(DataInputStream in, long at) throws IOException, StateFileException {
        int chunks = in.readInt();
        if (chunks <= 0 || chunks > MAX_CHUNKS) {
            throw new StateFileException(at, "implausible chunk count " + chunks);
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < chunks; i++) {
            text.append(in.readUTF());
        }
        return text.toString();
    }
}
