package io.streamscope.checkpoint.state;

import io.streamscope.checkpoint.Problem;
import io.streamscope.checkpoint.StateSchemaFile;
import io.streamscope.checkpoint.StateStoreInfo;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.sparktypes.SparkTypeJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The schema a checkpoint records for a store, or what the store's name implies when no schema file exists. */
final class StoreSchemas {

    private static final SparkType.Struct COUNT_VALUE =
            new SparkType.Struct(List.of(new SparkType.Field("value", SparkType.Atomic.LONG, true)));

    /** Schema files hold a few JSON texts; anything near this size is not one. */
    private static final long MAX_SCHEMA_BYTES = 16L * 1024 * 1024;

    private StoreSchemas() {
    }

    /** The column families of the newest v3 schema file (transformWithState), or none. */
    static List<ColumnFamilySchema> columnFamilies(Path checkpoint, StateStoreInfo store, List<Problem> problems) {
        for (int i = store.schemaFiles().size() - 1; i >= 0; i--) {
            StateSchemaFile file = store.schemaFiles().get(i);
            if (file.version() != 3) {
                continue;
            }
            try {
                Path path = checkpoint.resolve(file.path());
                if (Files.size(path) > MAX_SCHEMA_BYTES) {
                    problems.add(Problem.error(file.path(), null, "a state schema file of " + Files.size(path)
                            + " bytes: more than " + MAX_SCHEMA_BYTES + ", not what Spark writes"));
                    return List.of();
                }
                byte[] bytes = Files.readAllBytes(path);
                return StateSchemaV3Parser.parse(bytes);
            } catch (StateFileException e) {
                problems.add(Problem.error(file.path(), "byte " + e.offset(), e.getMessage()));
            } catch (IOException e) {
                problems.add(Problem.error(file.path(), null, "cannot read: " + e.getMessage()));
            } catch (RuntimeException | StackOverflowError e) {
                problems.add(Problem.error(file.path(), null, "not a v3 state schema: " + e));
            }
            return List.of();
        }
        return List.of();
    }

    static StoreSchema recorded(StateStoreInfo store) {
        Optional<StateSchemaFile> file = store.schema();
        if (file.isPresent()) {
            try {
                return new StoreSchema(SparkTypeJson.parseStruct(file.get().keySchema()),
                        SparkTypeJson.parseStruct(file.get().valueSchema()), "schema file v" + file.get().version());
            } catch (IllegalArgumentException e) {
                return StoreSchema.UNKNOWN;
            }
        }
        if (store.storeName().endsWith("-keyToNumValues")) {
            // A join's count store: its value is always one long; its key (the join keys) depends on the query.
            return new StoreSchema(null, COUNT_VALUE, "implied by the store name");
        }
        return StoreSchema.UNKNOWN;
    }
}
