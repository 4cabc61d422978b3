package io.streamscope.topic;

import io.streamscope.sparktypes.SparkType;

import java.util.Objects;

/**
 * What {@link JsonSchemaInference} found in a run of record values.
 *
 * @param schema    the schema {@code spark.read.json} would infer, fields sorted by name; empty when no value held an
 *                  object
 * @param records   the values read (null values, Kafka's tombstones, are not counted: they are skipped)
 * @param malformed the values among them that are not JSON, or whose JSON is not an object (nor an array of objects):
 *                  when there is one, the schema has Spark's {@value JsonSchemaInference#CORRUPT_RECORD_COLUMN} column
 * @param ddl       the schema as DDL ({@link DdlParser#toDdl}), e.g. {@code amount DOUBLE, order_id BIGINT}; empty for
 *                  an empty schema
 */
public record InferredSchema(SparkType.Struct schema, long records, long malformed, String ddl) {

    public InferredSchema {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(ddl, "ddl");
    }

    /** With the DDL written from the schema. */
    public static InferredSchema of(SparkType.Struct schema, long records, long malformed) {
        return new InferredSchema(schema, records, malformed, DdlParser.toDdl(schema));
    }
}
