# Sessions per customer: session windows on order_ts with a 15-minute gap, a 10-minute watermark, complete mode.
# Each batch emits the whole result table: every session so far (complete mode keeps them all in the state).
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("shop-sessions-complete").getOrCreate()
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.session.timeZone", "UTC")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider")
spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(F.from_json(F.col("value").cast("string"), schema).alias("o"))
          .select("o.*"))

sessions = (orders
            .withWatermark("order_ts", "10 minutes")
            .groupBy(F.session_window(F.col("order_ts"), "15 minutes"), F.col("customer_id"))
            .agg(F.count("*").alias("orders"), F.sum("amount").alias("total")))


def save(batch_df, batch_id):
    for row in batch_df.toJSON().collect():
        print(batch_id, row)


query = (sessions.writeStream
         .outputMode("complete")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-sessions-complete")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
