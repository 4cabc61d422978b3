package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobParserTest {

    static Stream<Path> sampleJobs() throws IOException {
        try (Stream<Path> folders = Files.list(Path.of("sample-checkpoints"))) {
            return folders.map(folder -> folder.resolve("job.py")).filter(Files::isRegularFile).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("sampleJobs")
    void everySampleJobParses(Path job) throws Exception {
        Job parsed = JobParser.parse(Files.readString(job));
        assertEquals(1, parsed.queries().size(), job.toString());
        JobQuery query = parsed.queries().get(0);
        assertTrue(query.frame().streams().stream().allMatch(JobStream::isKafka), job.toString());
        assertTrue(query.checkpointLocation().orElseThrow().endsWith(job.getParent().getFileName().toString()));
    }

    @Test
    void theTotalsJobSaysItsTopicSchemaStepsModeAndTrigger() throws Exception {
        Job job = JobParser.parse(Files.readString(Path.of("sample-checkpoints/shop-totals-update/job.py")));
        JobQuery query = job.queries().get(0);
        assertEquals(Job.Language.PYTHON, job.language());
        assertEquals("2", job.conf().get("spark.sql.shuffle.partitions"));
        assertEquals(List.of("orders"), query.frame().streams().get(0).subscribedTopics());
        assertEquals("update", query.outputMode().orElseThrow());
        assertEquals(JobTrigger.Kind.AVAILABLE_NOW, query.trigger().orElseThrow().kind());
        assertEquals("save", query.foreachBatch().orElseThrow());
        List<Step> steps = query.frame().steps();
        assertInstanceOf(Step.Project.class, steps.get(0));
        assertInstanceOf(Step.Project.class, steps.get(1));
        assertInstanceOf(Step.Aggregate.class, steps.get(2));
        assertInstanceOf(Step.Rename.class, steps.get(3));
        Expr decode = ((Step.Project) steps.get(0)).columns().get(0);
        Expr.Call fromJson = (Expr.Call) ((Expr.Alias) decode).child();
        assertEquals("from_json", fromJson.name());
        assertEquals("order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP",
                ((Expr.Literal) fromJson.args().get(1)).value());
    }

    @Test
    void aStructTypeSchemaBecomesItsDdl() throws Exception {
        Job job = JobParser.parse(Files.readString(Path.of("sample-checkpoints/shop-big-orders/job.py")));
        Step.Project decode = (Step.Project) job.queries().get(0).frame().steps().get(1);
        Expr.Call fromJson = (Expr.Call) ((Expr.Alias) decode.columns().get(0)).child();
        SparkType.Struct schema = io.streamscope.topic.DdlParser.parseSchema((String) ((Expr.Literal) fromJson.args().get(1)).value());
        assertEquals(List.of("order_id", "customer_id", "amount", "order_ts"),
                schema.fields().stream().map(SparkType.Field::name).toList());
        assertEquals(new SparkType.Decimal(10, 2), schema.field(2).type());
    }

    @Test
    void scalaSpelling() throws Exception {
        String scala = """
                import org.apache.spark.sql.SparkSession
                import org.apache.spark.sql.functions._
                import org.apache.spark.sql.streaming.Trigger
                import org.apache.spark.sql.types._

                object ShopTotals {
                  def main(args: Array[String]): Unit = {
                    val spark = SparkSession.builder
                      .appName("shop-totals")
                      .config("spark.sql.shuffle.partitions", "2")
                      .getOrCreate()
                    import spark.implicits._

                    /* the orders' values */
                    val schema = new StructType()
                      .add("order_id", IntegerType)
                      .add("customer_id", IntegerType)
                      .add("amount", DecimalType(10, 2))
                      .add("order_ts", TimestampType)

                    val orders = spark.readStream
                      .format("kafka")
                      .option("kafka.bootstrap.servers", "localhost:9092")
                      .option("subscribe", "orders")
                      .load()
                      .select(from_json($"value".cast("string"), schema).as("o"))
                      .select("o.*")

                    val totals = orders.groupBy("customer_id").sum("amount")
                      .withColumnRenamed("sum(amount)", "total")

                    totals.writeStream
                      .outputMode("update")
                      .foreachBatch { (batch: org.apache.spark.sql.DataFrame, id: Long) =>
                        batch.show()
                      }
                      .option("checkpointLocation", "/chk/shop-totals-update")
                      .trigger(Trigger.ProcessingTime("10 seconds"))
                      .start()
                      .awaitTermination()
                  }
                }
                """;
        Job job = JobParser.parse(scala);
        assertEquals(Job.Language.SCALA, job.language());
        JobQuery query = job.queries().get(0);
        assertEquals("update", query.outputMode().orElseThrow());
        assertEquals(new JobTrigger(JobTrigger.Kind.PROCESSING_TIME, java.util.Optional.of("10 seconds")),
                query.trigger().orElseThrow());
        assertEquals(4, query.frame().steps().size());
        assertEquals("2", job.conf().get("spark.sql.shuffle.partitions"));
    }

    @Test
    void userCodeIsNamedWithItsPosition() throws Exception {
        Job job = JobParser.parse(Files.readString(Path.of("sample-checkpoints/shop-tws/job.py")));
        JobFrame frame = job.queries().get(0).frame();
        JobFrame.UserCode code = frame.userCode().orElseThrow();
        assertEquals("groupBy(…).transformWithStateInPandas", code.what());
        assertEquals(2, frame.steps().size(), "the decode before the user code is kept");
    }

    @Test
    void anUnsupportedMethodGivesLineAndColumn() {
        String job = """
                df = spark.readStream.format("kafka").option("subscribe", "orders").load()
                out = df.select("value").pivot("x")
                out.writeStream.start()
                """;
        QueryException error = assertThrows(QueryException.class, () -> JobParser.parse(job));
        assertEquals(2, error.line());
        assertEquals(26, error.column());
    }

    @Test
    void aSelfJoinReadsItsStreamTwiceAUnionOnce() throws Exception {
        String join = """
                orders = spark.readStream.format("kafka").option("subscribe", "orders").load()
                a = orders.alias("a")
                b = orders.alias("b")
                pairs = a.join(b, expr("a.key = b.key"))
                both = orders.union(orders)
                pairs.writeStream.option("checkpointLocation", "/c/pairs").start()
                both.writeStream.option("checkpointLocation", "/c/both").start()
                """;
        Job job = JobParser.parse(join);
        assertEquals(2, job.queries().size());
        assertEquals(2, job.queryFor("pairs").orElseThrow().frame().streams().size());
        assertEquals(1, job.queryFor("both").orElseThrow().frame().streams().size());
        JobFrame.Root.Join root = (JobFrame.Root.Join) job.queryFor("pairs").orElseThrow().frame().root();
        assertEquals(List.of("a", "b"), List.of(root.leftQualifier(), root.rightQualifier()));
        assertEquals("inner", root.how());
    }

    @Test
    void subscribePatternAssignHeadersAndTheKafkaColumns() throws Exception {
        String text = """
                from pyspark.sql import functions as F
                raw = (spark.readStream.format("kafka")
                       .option("subscribePattern", "orders.*")
                       .option("includeHeaders", "true")
                       .load())
                rows = raw.selectExpr("CAST(key AS STRING) AS k", "CAST(value AS STRING) AS v", "topic", "partition",
                                      "offset", "timestamp", "timestampType", "headers")
                dedup = rows.dropDuplicates(["k", "v"]).dropDuplicates("k", "partition")
                q = dedup.writeStream.format("console").outputMode("append").trigger(processingTime="5 seconds").start()
                """;
        JobQuery query = JobParser.parse(text).queries().get(0);
        JobStream stream = query.frame().streams().get(0);
        assertTrue(stream.reads("orders-eu"));
        assertTrue(!stream.reads("payments"));
        assertTrue(stream.includeHeaders());
        assertEquals(new JobTrigger(JobTrigger.Kind.PROCESSING_TIME, java.util.Optional.of("5 seconds")),
                query.trigger().orElseThrow());
        assertEquals(List.of("k", "v"), ((Step.Deduplicate) query.frame().steps().get(1)).columns());
        assertEquals(List.of("k", "partition"), ((Step.Deduplicate) query.frame().steps().get(2)).columns());
        JobStream assigned = JobParser.parse("""
                df = spark.readStream.format("kafka").option("assign", '{"orders":[0,1]}').load()
                df.writeStream.start()
                """).queries().get(0).frame().streams().get(0);
        assertTrue(assigned.reads("orders"));
    }

    @Test
    void aSchemaTheJobDoesNotSpellOutIsNamedForTheSessionToFill() throws Exception {
        Job job = JobParser.parse("""
                from schemas import order_schema
                df = (spark.readStream.format("kafka").option("subscribe", "orders").load()
                      .select(from_json(col("value").cast("string"), order_schema).alias("o")).select("o.*"))
                df.writeStream.start()
                """);
        Step.Project decode = (Step.Project) job.queries().get(0).frame().steps().get(0);
        Expr.Call fromJson = (Expr.Call) ((Expr.Alias) decode.columns().get(0)).child();
        assertEquals("order_schema", ((SchemaVariable) ((Expr.Literal) fromJson.args().get(1)).value()).name());
    }
}
