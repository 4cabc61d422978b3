# Orders joined with their payments: a stream-stream inner join in append mode.
# Both sides carry a 10-minute watermark; a payment matches its order when it comes within 15 minutes of order_ts.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json
from pyspark.sql.types import DecimalType, IntegerType, StructField, StructType, TimestampType

spark = SparkSession.builder.appName("shop-join-inner").getOrCreate()
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.session.timeZone", "UTC")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider")
spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")

order_schema = StructType([
    StructField("order_id", IntegerType()),
    StructField("customer_id", IntegerType()),
    StructField("amount", DecimalType(10, 2)),
    StructField("order_ts", TimestampType()),
])

payment_schema = StructType([
    StructField("payment_id", IntegerType()),
    StructField("order_id", IntegerType()),
    StructField("paid", DecimalType(10, 2)),
    StructField("pay_ts", TimestampType()),
])

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .selectExpr("CAST(value AS STRING) AS json")
          .select(from_json(col("json"), order_schema).alias("data"))
          .select("data.*"))

payments = (spark.readStream
            .format("kafka")
            .option("kafka.bootstrap.servers", "localhost:9092")
            .option("subscribe", "payments")
            .option("startingOffsets", "earliest")
            .load()
            .selectExpr("CAST(value AS STRING) AS json")
            .select(from_json(col("json"), payment_schema).alias("data"))
            .select("data.*"))

paid_orders = (
    orders.withWatermark("order_ts", "10 minutes").alias("o")
    .join(payments.withWatermark("pay_ts", "10 minutes").alias("p"),
          expr("o.order_id = p.order_id AND p.pay_ts BETWEEN o.order_ts AND o.order_ts + INTERVAL 15 MINUTES"),
          "inner")
    .select("o.order_id", "o.customer_id", "o.amount", "o.order_ts", "p.payment_id", "p.paid", "p.pay_ts")
)


def save(batch_df, batch_id):
    for row in batch_df.toJSON().collect():
        print(batch_id, row)


query = (paid_orders.writeStream
         .outputMode("append")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-join-inner")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
