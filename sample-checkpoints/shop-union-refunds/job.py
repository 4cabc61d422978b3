# Net amount per customer: the orders' amounts plus the refunds' amounts negated, one stream (unionByName),
# summed per customer in update mode.
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, IntegerType, StructField, StructType, TimestampType

spark = SparkSession.builder.appName("shop-union-refunds").getOrCreate()
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider")

order_schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"
refund_schema = StructType([
    StructField("refund_id", IntegerType()),
    StructField("order_id", IntegerType()),
    StructField("customer_id", IntegerType()),
    StructField("amount", DecimalType(10, 2)),
    StructField("refund_ts", TimestampType()),
])

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(F.from_json(F.col("value").cast("string"), order_schema).alias("o"))
          .select("o.*"))

refunds = (spark.readStream
           .format("kafka")
           .option("kafka.bootstrap.servers", "localhost:9092")
           .option("subscribe", "refunds")
           .option("startingOffsets", "earliest")
           .load()
           .selectExpr("CAST(value AS STRING) AS json")
           .select(F.from_json(F.col("json"), refund_schema).alias("r"))
           .select("r.*"))

net = (orders.select("customer_id", "amount")
       .unionByName(refunds.select(F.col("customer_id"), (-F.col("amount")).alias("amount")))
       .groupBy("customer_id")
       .sum("amount")
       .withColumnRenamed("sum(amount)", "net"))


def save(batch_df, batch_id):
    batch_df.show(truncate=False)


query = (net.writeStream
         .outputMode("update")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-union-refunds")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
