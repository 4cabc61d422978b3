# Orders per 10-minute window, 5-minute watermark, append mode, on RocksDB with changelog checkpointing.
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("shop-windowed-rocksdb").getOrCreate()
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
spark.conf.set("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "true")

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(F.from_json(F.col("value").cast("string"), schema).alias("o"))
          .select("o.*"))

counts = (orders
          .withWatermark("order_ts", "5 minutes")
          .groupBy(F.window(F.col("order_ts"), "10 minutes"))
          .count())


def save(batch_df, batch_id):
    batch_df.show(truncate=False)


query = (counts.writeStream
         .outputMode("append")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-windowed-rocksdb")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
